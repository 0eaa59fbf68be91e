import { useEffect, useEffectEvent, useState } from 'react';
import { detectEmbedded } from '#web/session/frame.ts';

/** How long to wait before reconnecting a dropped stream (the screen polls meanwhile). */
const RECONNECT_MS = 5_000;

/**
 * Listens to GET conversations/events (server-sent events) and calls `onEvent` for each change; a
 * fetch stream rather than EventSource, because the API wants the X-Iframe header on cookie calls.
 * Answers whether the stream is up: while it is not, the caller polls.
 */
export function useConversationEvents(onEvent: () => void): boolean {
  const [live, setLive] = useState(false);
  // The caller's latest handler, without reconnecting the stream when it changes.
  const notify = useEffectEvent(onEvent);
  useEffect(() => {
    let stopped = false;
    let abort = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      abort = new AbortController();
      try {
        const response = await fetch('/api/conversations/events', {
          headers: { 'X-Iframe': String(detectEmbedded()), Accept: 'text/event-stream' },
          credentials: 'same-origin',
          signal: abort.signal,
        });
        if (!response.ok || !response.body) throw new Error(`events ${response.status}`);
        setLive(true);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.split('\n').some((line) => line.startsWith('data: '))) notify();
          }
        }
      } catch {
        // Dropped or refused: poll until the next attempt.
      }
      setLive(false);
      if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    void connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      abort.abort();
    };
  }, []);
  return live;
}
