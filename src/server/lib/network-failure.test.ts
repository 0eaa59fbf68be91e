import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { networkFailureText } from './network-failure.ts';

/** What fetch throws for a URL, or null when it answered. */
const failureOf = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
    () => null,
    (error: unknown) => error,
  );

describe('a failed connection in words', () => {
  it('an unknown host asks to check the address, not "getaddrinfo ENOTFOUND"', async () => {
    const error = await failureOf('http://shop.invalid/api');
    expect(networkFailureText(error, 'shop.invalid')).toBe('Could not reach shop.invalid. Check the address.');
    const smtp = Object.assign(new Error('getaddrinfo ENOTFOUND smtp.example.invalid'), { code: 'EDNS' });
    expect(networkFailureText(smtp, 'smtp.example.invalid')).toBe('Could not reach smtp.example.invalid. Check the address.');
  });

  it('a port where nothing listens, a server that does not answer, a connection cut', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    expect(networkFailureText(await failureOf(`http://127.0.0.1:${port}/`), `127.0.0.1:${port}`)).toBe(
      `Could not reach 127.0.0.1:${port}: nothing answers there. Check the address and the port.`,
    );
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    expect(networkFailureText(timeout, 'api.brevo.com')).toBe('api.brevo.com did not answer in time. Try again later.');
    const reset = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('other side closed'), { code: 'ECONNRESET' }),
    });
    expect(networkFailureText(reset, 'shop.example')).toBe('shop.example closed the connection. Try again later.');
  });

  it('is no answer for what is not a failed connection (a refused login keeps its own words)', () => {
    expect(networkFailureText(new Error('Invalid login: 535 Authentication failed'), 'smtp.example')).toBeNull();
  });
});
