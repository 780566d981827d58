// ship-to.ts: an OrderRequest's ShipTo/Address read into a plain object (B2B §17; written to the order with §12).
import { describe, expect, it } from 'vitest';
import { readShipTo } from '../../../src/modules/punchout/ship-to.js';
import { at, readXml } from '../../../src/modules/punchout/xml-input.js';

const shipTo = (address: string) => at(readXml(`<ShipTo>${address}</ShipTo>`), 'ShipTo');

describe('readShipTo', () => {
  it('reads the name, every street line, city, state, postal code, country code and phone', () => {
    const value = shipTo(`<Address><Name xml:lang="en">Acme Receiving</Name><PostalAddress>
      <Street>1 Dock Road</Street><Street>Gate 4</Street><City>Boston</City><State>MA</State>
      <PostalCode>02110</PostalCode><Country isoCountryCode="us">United States</Country></PostalAddress>
      <Phone><TelephoneNumber><CountryCode isoCountryCode="US">1</CountryCode><AreaOrCityCode>617</AreaOrCityCode>
      <Number>555 0100</Number></TelephoneNumber></Phone></Address>`);
    expect(readShipTo(value)).toEqual({
      name: 'Acme Receiving',
      street: ['1 Dock Road', 'Gate 4'],
      city: 'Boston',
      state: 'MA',
      postalCode: '02110',
      country: 'US',
      phone: '+1 617 555 0100',
    });
  });

  it('answers nulls for absent parts and undefined without an Address', () => {
    expect(readShipTo(shipTo('<Address><PostalAddress><City>Oslo</City></PostalAddress></Address>'))).toEqual({
      name: null,
      street: [],
      city: 'Oslo',
      state: null,
      postalCode: null,
      country: null,
      phone: null,
    });
    expect(readShipTo(shipTo('<Other/>'))).toBeUndefined();
  });
});
