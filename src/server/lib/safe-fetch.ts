import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * The one way we request a URL someone gave us (a vendor's shop): http(s) only, no credentials in
 * the URL, no redirects followed, a time and size cap, and never an address inside our network
 * (loopback, private, link-local, carrier NAT, multicast...). The check runs on the address the
 * connection really uses (the socket's lookup), so a name that resolves to a public address
 * first and a private one at connect time (DNS rebinding) is refused too.
 */

export class UnsafeUrlError extends Error {}

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** Whether an address is one we never call (IPv4-mapped IPv6 read as its IPv4). */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface SafeRequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  maxBytes?: number;
  /** Hosts (as in the URL) let through although internal: only the tests' fakes (OUTBOUND_ALLOW_HOSTS). */
  allowHosts?: readonly string[];
}

export interface SafeResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** Parses and checks a URL for safeRequest; throws UnsafeUrlError. */
export function checkedUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UnsafeUrlError('Not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UnsafeUrlError('Only http and https addresses are allowed');
  if (url.username || url.password) throw new UnsafeUrlError('The address may not carry credentials');
  return url;
}

export async function safeRequest(value: string, options: SafeRequestOptions = {}): Promise<SafeResponse> {
  const url = checkedUrl(value);
  const allowed = options.allowHosts?.includes(url.host) || options.allowHosts?.includes(url.hostname);
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowed && isIP(hostname) && isInternalAddress(hostname)) throw new UnsafeUrlError('This address is not reachable from here');
  const lookup: LookupFunction = (host, lookupOptions, callback) =>
    dnsLookup(host, { ...lookupOptions, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const usable = allowed ? addresses : addresses.filter((a) => !isInternalAddress(a.address));
      if (!usable.length) return callback(new UnsafeUrlError('This address is not reachable from here'), '', 0);
      if (lookupOptions.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      return callback(null, usable[0].address, usable[0].family);
    });
  const maxBytes = options.maxBytes ?? 50 * 1024 * 1024;
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<SafeResponse>((resolve, reject) => {
    const request = transport.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, lookup, timeout: options.timeoutMs ?? 30_000 },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            request.destroy(new Error('The answer is too large'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('The shop did not answer in time')));
    request.on('error', reject);
    request.end(options.body);
  });
}
