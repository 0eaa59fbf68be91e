import useSWR, { mutate } from 'swr';
import {
  InstallationAnswerSchema,
  InstallationBodySchema,
  InstallationChangeAnswerSchema,
  type InstallationBody,
} from '#shared/schemas/installation';
import { endpoint } from '#web/api/endpoint.ts';

const KEY = 'admin/installation';
const getInstallation = endpoint({ path: 'admin/installation', answer: InstallationAnswerSchema });
const putInstallation = endpoint({
  method: 'PUT',
  path: 'admin/installation',
  request: InstallationBodySchema,
  answer: InstallationChangeAnswerSchema,
});

/** GET admin/installation: the plan, add-ons, usage against the limits. */
export function useInstallation() {
  return useSWR(KEY, () => getInstallation());
}

/**
 * PUT admin/installation, then to where the charge is confirmed: the storefront platform's approval
 * page (the whole window, also when the app is framed in the platform's admin), or (the built-in
 * platform, confirmed at once) this screen again, shown fresh.
 */
export async function changePlan(body: InstallationBody) {
  const { url } = await putInstallation(body);
  const target = new URL(url, window.location.href);
  if (target.origin === window.location.origin) await mutate(KEY);
  else window.open(target.href, '_top');
  return url;
}
