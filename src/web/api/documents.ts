import useSWR from 'swr';
import { DocumentsInfoSchema } from '#shared/schemas/documents';
import { endpoint } from './endpoint.ts';

const getDocumentsInfo = endpoint({ path: 'documents', answer: DocumentsInfoSchema });

/** Whether documents come as PDFs or as pages to print, and which ones the marketplace offers. */
export const useDocumentsInfo = () =>
  useSWR('documents', () => getDocumentsInfo(), { revalidateOnFocus: false, revalidateOnReconnect: false });
