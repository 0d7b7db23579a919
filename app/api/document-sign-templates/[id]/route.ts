import { catalogItem } from '@/server/http/catalog-routes';

// GET: one document-sign template with versions, signer slots and sender fields.
export const GET = catalogItem('document-sign-templates');
