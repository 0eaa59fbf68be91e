import { describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages';
import en from './locales/en.json';

describe('registration texts', () => {
  it("are the spec's words in English", () => {
    expect(en.disabled).toBe('Vendor registration is currently disabled.');
    expect(en.thankYou).toBe("Thank you for your application, we'll get back to you shortly.");
    expect(en.title.application).toBe('{{Vendor}} application');
    expect(en.title.createAccount).toBe('Create a {{vendor}} account');
    expect(en.upload.fileUploaded).toBe(MSG.fileUploaded);
    expect(en.media.nothingToPreview).toBe(MSG.nothingToPreview);
    expect(en.media.notAnImage).toBe(MSG.notAnImage);
  });
});
