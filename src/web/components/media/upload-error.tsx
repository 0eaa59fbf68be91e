/** Why an upload failed, in red under the upload control (not the orange of a missing answer). */
export function UploadError({ message }: { message: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-2 text-sm text-red-600">
      {message}
    </p>
  );
}
