// The pager's page numbers: the rule lives in @kestrel/shared, since the server draws the catalogue's pager too (B2B §18).
export { pageWindow, type PageGap } from '@kestrel/shared';
