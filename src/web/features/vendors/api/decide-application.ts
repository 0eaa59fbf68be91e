import { OkSchema } from '#shared/schemas/common';
import { ApplicationStatusSchema } from '#shared/schemas/vendors';
import { endpoint } from '#web/api/endpoint.ts';
import { revalidateVendors } from './list-vendors.ts';

const putApplicationStatus = endpoint({
  method: 'PUT',
  path: 'vendors/application/{id}/status',
  pathParams: ['id'],
  request: ApplicationStatusSchema,
  answer: OkSchema,
});

/**
 * Approves (the server creates the vendor and its account and mails the invite) or rejects an
 * application. The lists are refreshed even on failure: a 409 means someone else decided first.
 */
export async function decideApplication(id: string, status: 'approved' | 'rejected') {
  try {
    await putApplicationStatus({ id, status });
  } finally {
    void revalidateVendors();
  }
}
