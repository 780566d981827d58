// The part of iso-3166-2's API the ship-to checks use (the package ships no types).
declare module 'iso-3166-2' {
  interface Subdivision {
    type: string;
    name: string;
  }
  interface Country {
    code: string;
    name: string;
    sub: Record<string, Subdivision>;
  }
  const iso3166: { country(code: string): Country | undefined };
  export default iso3166;
}
