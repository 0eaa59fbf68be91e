/** The vendor application screen, mounted as /app/login/register inside the branded login layout. */
export function RegisterPage() {
  return null;
}
