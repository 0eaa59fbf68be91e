import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import {
  classifyMediaUrl,
  contentTypeOfMime,
  decodeMediaValue,
  encodeMediaValue,
  imageUploadProblem,
  isHttpUrl,
  isPlatformFileId,
  youtubeVideoId,
} from './media.ts';

describe('media values', () => {
  it("encodes media as 'UPLOAD_ME#{contentType}#{src}'", () => {
    expect(encodeMediaValue({ contentType: 'IMAGE', src: 'https://cdn.test/a.png' })).toBe('UPLOAD_ME#IMAGE#https://cdn.test/a.png');
    expect(encodeMediaValue({ contentType: 'VIDEO', src: '/api/files/v.mp4' }, 'gallery')).toBe('UPLOAD_ME#VIDEO#/api/files/v.mp4');
    expect(encodeMediaValue({ contentType: 'EXTERNAL_VIDEO', src: 'https://youtu.be/abcdefghijk' })).toBe(
      'UPLOAD_ME#EXTERNAL_VIDEO#https://youtu.be/abcdefghijk',
    );
  });

  it('stores the bare src for the $imageUrl field', () => {
    expect(encodeMediaValue({ contentType: 'IMAGE', src: 'https://cdn.test/a.png' }, '$imageUrl')).toBe('https://cdn.test/a.png');
  });

  it('decodes what it encodes, also when the src contains #', () => {
    for (const item of [
      { contentType: 'IMAGE' as const, src: 'https://cdn.test/a.png#frag' },
      { contentType: 'VIDEO' as const, src: '/api/files/x.mp4' },
      { contentType: 'EXTERNAL_VIDEO' as const, src: 'https://vimeo.com/1#t=3' },
    ]) {
      expect(decodeMediaValue(encodeMediaValue(item))).toEqual(item);
    }
  });

  it('classifies a bare src like a URL and keeps platform file ids for resolving', () => {
    expect(decodeMediaValue('https://cdn.test/a.png')).toEqual({ contentType: 'IMAGE', src: 'https://cdn.test/a.png' });
    expect(decodeMediaValue('https://www.youtube.com/watch?v=abcdefghijk')?.contentType).toBe('EXTERNAL_VIDEO');
    expect(decodeMediaValue('gid://shopify/MediaImage/1')).toEqual({ contentType: 'IMAGE', src: 'gid://shopify/MediaImage/1' });
    expect(isPlatformFileId('gid://shopify/GenericFile/9')).toBe(true);
    expect(isPlatformFileId('https://cdn.test/gid://x')).toBe(false);
  });

  it('rejects empty or malformed values', () => {
    expect(decodeMediaValue('')).toBeNull();
    expect(decodeMediaValue('  ')).toBeNull();
    expect(decodeMediaValue('UPLOAD_ME#IMAGE')).toBeNull();
    expect(decodeMediaValue('UPLOAD_ME#AUDIO#https://cdn.test/a.mp3')).toBeNull();
    expect(decodeMediaValue('UPLOAD_ME#IMAGE#')).toBeNull();
  });
});

describe('media classification', () => {
  it('classifies YouTube and Vimeo URLs as EXTERNAL_VIDEO, any other URL as IMAGE', () => {
    expect(classifyMediaUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('EXTERNAL_VIDEO');
    expect(classifyMediaUrl('https://youtube.com/shorts/dQw4w9WgXcQ')).toBe('EXTERNAL_VIDEO');
    expect(classifyMediaUrl('https://m.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('EXTERNAL_VIDEO');
    expect(classifyMediaUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('EXTERNAL_VIDEO');
    expect(classifyMediaUrl('https://vimeo.com/76979871')).toBe('EXTERNAL_VIDEO');
    expect(classifyMediaUrl('https://player.vimeo.com/video/76979871')).toBe('EXTERNAL_VIDEO');
    expect(classifyMediaUrl('https://cdn.test/photo.jpg')).toBe('IMAGE');
    // the host decides, not a look-alike in the path or a suffix of another domain
    expect(classifyMediaUrl('https://cdn.test/youtube.com/photo.jpg')).toBe('IMAGE');
    expect(classifyMediaUrl('https://notyoutube.com/watch?v=dQw4w9WgXcQ')).toBe('IMAGE');
    expect(classifyMediaUrl('not a url')).toBe('IMAGE');
  });

  it('tells uploaded videos from images by MIME type', () => {
    expect(contentTypeOfMime('video/mp4')).toBe('VIDEO');
    expect(contentTypeOfMime('VIDEO/QUICKTIME')).toBe('VIDEO');
    expect(contentTypeOfMime('image/png')).toBe('IMAGE');
    expect(contentTypeOfMime('')).toBe('IMAGE');
  });

  it('accepts only absolute http(s) URLs', () => {
    expect(isHttpUrl('https://cdn.test/a.png')).toBe(true);
    expect(isHttpUrl(' http://cdn.test ')).toBe(true);
    expect(isHttpUrl('cdn.test/a.png')).toBe(false);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('ftp://cdn.test/a.png')).toBe(false);
    expect(isHttpUrl('')).toBe(false);
  });
});

describe('YouTube video id', () => {
  it('is the v query parameter of the link', () => {
    expect(youtubeVideoId('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://www.youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=10')).toBe('dQw4w9WgXcQ');
  });

  it('also reads short and embed links', () => {
    expect(youtubeVideoId('https://youtu.be/dQw4w9WgXcQ?t=3')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
  });

  it('is null without a usable id', () => {
    expect(youtubeVideoId('https://www.youtube.com/watch')).toBeNull();
    expect(youtubeVideoId('https://www.youtube.com/watch?v=')).toBeNull();
    expect(youtubeVideoId('https://www.youtube.com/watch?v=<script>')).toBeNull();
    expect(youtubeVideoId('not a link')).toBeNull();
    expect(youtubeVideoId('')).toBeNull();
  });
});

describe('image checks before upload', () => {
  const MB = 1024 * 1024;

  it('accepts up to 20MB and 25 million pixels', () => {
    expect(imageUploadProblem({ bytes: 20 * MB, width: 5000, height: 5000 })).toBeNull();
    expect(imageUploadProblem({ bytes: 1000 })).toBeNull();
  });

  it('rejects files over 20MB', () => {
    expect(imageUploadProblem({ bytes: 20 * MB + 1, width: 10, height: 10 })).toBe(MSG.imageTooLarge);
    expect(MSG.imageTooLarge).toBe('Maximum image size is 20MB');
  });

  it('rejects decoded images over 25 million pixels', () => {
    expect(imageUploadProblem({ bytes: 1000, width: 5001, height: 5000 })).toBe(MSG.imageTooManyPixels);
    expect(MSG.imageTooManyPixels).toBe('Maximum image size is 25MP');
  });

  it('checks the size first and skips the pixel check when the image could not be decoded', () => {
    expect(imageUploadProblem({ bytes: 30 * MB, width: 10_000, height: 10_000 })).toBe(MSG.imageTooLarge);
    expect(imageUploadProblem({ bytes: 1000, width: undefined, height: undefined })).toBeNull();
  });
});
