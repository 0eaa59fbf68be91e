/** Saves a Blob under a name, as a click on a download link would. */
export function saveBlob(blob: Blob, filename: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // the browser has taken the file once the click is handled; later is safe for slow saves
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
