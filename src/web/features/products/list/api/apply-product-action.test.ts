import { describe, expect, it } from 'vitest';
import { HttpError } from '#web/api/http-error.ts';
import { runForEach } from './apply-product-action.ts';

describe('runForEach', () => {
  it('starts every call at once and reports each failure with the server’s message', async () => {
    const started: string[] = [];
    const release: (() => void)[] = [];
    const done = runForEach(['a', 'b', 'c'], (id) => {
      started.push(id);
      return new Promise<void>((resolve, reject) =>
        release.push(() => (id === 'b' ? reject(new HttpError('Not found', 404, 'PATCH', '/api/product-v2/b/approve', null)) : resolve())),
      );
    });
    expect(started).toEqual(['a', 'b', 'c']);
    release.forEach((go) => go());
    expect(await done).toEqual([{ id: 'b', message: 'Not found' }]);
  });
});
