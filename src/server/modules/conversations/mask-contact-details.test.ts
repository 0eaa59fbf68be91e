import { describe, expect, it } from 'vitest';
import { CONTACT_CORPUS } from '../../../../test/fixtures/contact-details-corpus.ts';
import { HIDDEN, hasContactDetails, maskContactDetails } from './mask-contact-details.ts';

describe('contact-detail masking', () => {
  it('finds at least 95 % of the contact details of the labelled corpus with at most 2 % false positives', () => {
    expect(CONTACT_CORPUS.length).toBeGreaterThanOrEqual(100);
    const positives = CONTACT_CORPUS.filter(([, label]) => label);
    const negatives = CONTACT_CORPUS.filter(([, label]) => !label);
    const missed = positives.filter(([text]) => !hasContactDetails(text)).map(([text]) => text);
    const flagged = negatives.filter(([text]) => hasContactDetails(text)).map(([text]) => [text, maskContactDetails(text)]);
    expect(1 - missed.length / positives.length, `missed: ${JSON.stringify(missed)}`).toBeGreaterThanOrEqual(0.95);
    expect(flagged.length / negatives.length, `flagged: ${JSON.stringify(flagged)}`).toBeLessThanOrEqual(0.02);
  });

  it('keeps the rest of the message as written', () => {
    expect(maskContactDetails('Mail me at jan@gmail.com or call 06 12345678, thanks!')).toBe(`Mail me at ${HIDDEN} or call ${HIDDEN}, thanks!`);
    expect(maskContactDetails('Is the blue one in stock?')).toBe('Is the blue one in stock?');
  });
});
