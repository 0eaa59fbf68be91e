import { describe, expect, it } from 'vitest';
import { answerOf } from './answer-kind.ts';

const image = 'UPLOAD_ME#IMAGE#https://cdn.test/logo.png';
const video = 'UPLOAD_ME#EXTERNAL_VIDEO#https://www.youtube.com/watch?v=dQw4w9WgXcQ';

describe('answerOf', () => {
  it('follows the field type when the form still has the field', () => {
    expect(answerOf('Jane BV', 'text')).toEqual({ kind: 'text', text: 'Jane BV' });
    expect(answerOf('Line 1\nLine 2', 'textarea')).toEqual({ kind: 'multiline', text: 'Line 1\nLine 2' });
    expect(answerOf('<b>Hi</b>', 'richtext')).toEqual({ kind: 'richtext', html: '<b>Hi</b>' });
    expect(answerOf(['Home', 'Art'], 'checkbox')).toEqual({ kind: 'list', items: ['Home', 'Art'] });
    expect(answerOf('Germany', 'select')).toEqual({ kind: 'text', text: 'Germany' });
    expect(answerOf(true, 'terms')).toEqual({ kind: 'terms', accepted: true });
    expect(answerOf(undefined, 'terms')).toEqual({ kind: 'terms', accepted: false });
    expect(answerOf('https://cdn.test/kvk.pdf', 'file')).toEqual({ kind: 'file', url: 'https://cdn.test/kvk.pdf' });
    expect(answerOf(image, 'image')).toEqual({ kind: 'media', items: [{ contentType: 'IMAGE', src: 'https://cdn.test/logo.png' }] });
    expect(answerOf([image, video], 'media')).toEqual({
      kind: 'media',
      items: [
        { contentType: 'IMAGE', src: 'https://cdn.test/logo.png' },
        { contentType: 'EXTERNAL_VIDEO', src: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
      ],
    });
  });

  it('reads the value itself when the field is gone', () => {
    expect(answerOf(true)).toEqual({ kind: 'terms', accepted: true });
    expect(answerOf([image])).toMatchObject({ kind: 'media' });
    expect(answerOf(['Home', 'Art'])).toEqual({ kind: 'list', items: ['Home', 'Art'] });
    expect(answerOf('https://cdn.test/kvk.pdf')).toEqual({ kind: 'file', url: 'https://cdn.test/kvk.pdf' });
    expect(answerOf('https://cdn.test/pitch.MOV?v=1')).toEqual({
      kind: 'media',
      items: [{ contentType: 'VIDEO', src: 'https://cdn.test/pitch.MOV?v=1' }],
    });
    expect(answerOf('<p>Story</p>')).toEqual({ kind: 'richtext', html: '<p>Story</p>' });
    expect(answerOf('a\nb')).toEqual({ kind: 'multiline', text: 'a\nb' });
    expect(answerOf('plain')).toEqual({ kind: 'text', text: 'plain' });
  });

  it('is empty for missing or blank answers', () => {
    expect(answerOf('', 'text')).toEqual({ kind: 'empty' });
    expect(answerOf([], 'checkbox')).toEqual({ kind: 'empty' });
    expect(answerOf(null)).toEqual({ kind: 'empty' });
    expect(answerOf(['  '], 'media')).toEqual({ kind: 'empty' });
  });
});
