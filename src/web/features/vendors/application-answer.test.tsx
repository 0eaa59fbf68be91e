import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18next } from '#web/i18n/index.ts';
import { answerOf } from './answer-kind.ts';
import { ApplicationAnswer } from './application-answer.tsx';

beforeAll(async () => {
  await i18next.changeLanguage('en');
  await i18next.loadNamespaces(['vendors', 'registration']);
});

const VIDEO = 'http://127.0.0.1:3000/api/cdn/files/demo/stage-upload/0b6f2c1e-2f7a-4a59-9d0c-3c3f0c1d2e4f.mp4';

describe('an application answer', () => {
  it('shows an uploaded video as a video with controls, never as "Open file"', () => {
    for (const type of ['file', undefined] as const) {
      const { container, unmount } = render(<ApplicationAnswer answer={answerOf(VIDEO, type)} />);
      const video = container.querySelector('video');
      expect(video).not.toBeNull();
      expect(video).toHaveAttribute('controls');
      expect(video).toHaveAttribute('src', VIDEO);
      expect(screen.queryByText('Open file')).toBeNull();
      unmount();
    }
  });

  it('keeps a document a link to open', () => {
    render(<ApplicationAnswer answer={answerOf('https://cdn.test/kvk.pdf', 'file')} />);
    expect(screen.getByRole('link', { name: 'Open file' })).toHaveAttribute('href', 'https://cdn.test/kvk.pdf');
  });
});
