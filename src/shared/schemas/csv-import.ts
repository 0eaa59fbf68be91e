import { z } from 'zod';

export const CSV_IMPORT_STATUSES = ['waiting', 'validated', 'importing', 'done', 'failed'] as const;

export const CsvProblemSchema = z.object({ line: z.number(), column: z.string().optional(), message: z.string() });
export type CsvProblem = z.infer<typeof CsvProblemSchema>;

/** An import as the screen follows it: the validation result, then the job's progress and result. */
export const CsvImportSchema = z.object({
  id: z.string(),
  status: z.enum(CSV_IMPORT_STATUSES),
  fileName: z.string(),
  format: z.string().nullable(),
  rowCount: z.number(),
  productCount: z.number(),
  errorCount: z.number(),
  errors: z.array(CsvProblemSchema),
  warnings: z.array(CsvProblemSchema),
  progress: z.number(),
  created: z.number(),
  updated: z.number(),
  /** The first products the job could not write; failedCount says how many in all. */
  failed: z.array(CsvProblemSchema),
  failedCount: z.number(),
  /** Products handled that needed no change: created + updated + unchanged + failedCount = progress (productCount once done). */
  unchanged: z.number(),
  createdAt: z.string(),
});
export type CsvImport = z.infer<typeof CsvImportSchema>;

/** PUT product-csv/upload?name=: the file's name, kept for the import's history. */
export const CsvUploadQuerySchema = z.object({ name: z.string().trim().max(255).default('products.csv') });
export const CsvUploadAnswerSchema = z.object({ url: z.string(), importId: z.string() });

/** How many problems an answer lists; the count tells how many there are in all. */
export const CSV_PROBLEMS_LISTED = 1000;
