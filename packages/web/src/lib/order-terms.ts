// A product (dollars) as B2B §2's quantity and price rules see it (cents): the mapping lives in @kestrel/shared, since
// the server's catalogue page draws the same prices (B2B §18).
export { productOrderTerms as orderTermsOf } from '@kestrel/shared';
