// The catalogue's view in the URL (search, category, sort, page): the rules live in @kestrel/shared, since the server
// draws the catalogue page's first screen from the same view (B2B §18); the page's parts import them from here.
export {
  catalogHref,
  catalogSearch,
  catalogSort,
  changeView,
  defaultSort,
  emptyView,
  readCatalogView,
  type CatalogView,
} from '@kestrel/shared';
