import type { ServerModule } from '#server/server-module';
import { registerUploadRoutes } from './routes.ts';

/** The uploads module: uploads and stored files. */
export const uploadsModule: ServerModule = { register: registerUploadRoutes };

export { checkFileContent } from './check-file-content.ts';
export { completeDirectUpload } from './complete-direct-upload.ts';
export { fileLocation, UPLOAD_PATHS } from './file-location.ts';
export { visibleTo } from './find-file-src.ts';
