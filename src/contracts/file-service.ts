// The services Bursar stores files for, and those whose files are public.
/** The services Bursar stores files for (the reference's support-case attachments have no use here). */
export const FILE_SERVICES = ['downloadable', 'product_media', 'organization_avatar'] as const;
export type FileService = (typeof FILE_SERVICES)[number];
export const PUBLIC_FILE_SERVICES: readonly FileService[] = ['product_media', 'organization_avatar'];
