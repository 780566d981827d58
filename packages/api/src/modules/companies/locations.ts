// Company locations (B2B §12, Shopify's company locations): the owners add, edit and delete them and move the default;
// every member reads them. At most MAX_COMPANY_LOCATIONS; the first is the default, and deleting the default makes
// the oldest remaining one the default. Deleting a location takes it off every member's limit (a member limited to
// it alone is then limited to none, not widened to all) and changes no placed order (its copy is its own).
import { companyMessages } from '@kestrel/shared';
import {
  MAX_COMPANY_LOCATIONS,
  type CompanyLocation,
  type locationCreateSchema,
  type locationPatchSchema,
} from '@kestrel/shared/ship-to';
import type { z } from 'zod';
import type { Db } from '../../infra/db/create-db.js';
import { newId } from '../../infra/db/ids.js';
import { AppError, forbidden, notFound } from '../../infra/errors.js';
import type { AuthUser } from '../accounts/index.js';
import { addressColumns, addressOf } from '../ship-to/index.js';
import * as repo from './locations-repository.js';
import { findMembership, type Membership } from './membership-repository.js';
import { lockCompany } from './repository.js';

export interface LocationsService {
  list(user: AuthUser): Promise<CompanyLocation[]>;
  create(user: AuthUser, input: z.output<typeof locationCreateSchema>): Promise<CompanyLocation>;
  update(user: AuthUser, id: string, input: z.output<typeof locationPatchSchema>): Promise<CompanyLocation>;
  remove(user: AuthUser, id: string): Promise<void>;
}

export const toLocation = (row: repo.LocationRow): CompanyLocation => ({
  _id: row.id,
  name: row.name,
  address: addressOf(row),
  phone: row.phone,
  isDefault: row.is_default === 1,
});

const locationNotFound = () => notFound('Location');

export function createLocationsService(db: Db, membershipsChanged: () => void): LocationsService {
  async function member(user: AuthUser): Promise<Membership> {
    const membership = await findMembership(db, user.id);
    if (!membership) throw new AppError(404, 'not_found', companyMessages.noCompany);
    return membership;
  }
  async function owner(user: AuthUser): Promise<string> {
    const membership = await member(user);
    if (membership.role !== 'owner') throw forbidden(companyMessages.ownersOnly);
    return membership.companyId;
  }

  return {
    list: async (user) => (await repo.listLocations(db, (await member(user)).companyId)).map(toLocation),

    async create(user, input) {
      const companyId = await owner(user);
      const now = new Date().toISOString();
      const row: repo.LocationRow = {
        id: newId(),
        company_id: companyId,
        name: input.name,
        ...addressColumns(input.address),
        phone: input.phone,
        is_default: 0,
        created_at: now,
        updated_at: now,
      };
      await db.transaction().execute(async (trx) => {
        await lockCompany(trx, companyId);
        const count = await repo.countLocations(trx, companyId);
        if (count >= MAX_COMPANY_LOCATIONS) {
          throw new AppError(409, 'too_many_locations', `A company has at most ${MAX_COMPANY_LOCATIONS} locations`);
        }
        row.is_default = count === 0 ? 1 : 0;
        await repo.insertLocation(trx, row);
      });
      // The order path reads "does the company have locations" with the membership it remembers.
      membershipsChanged();
      return toLocation(row);
    },

    async update(user, id, input) {
      const companyId = await owner(user);
      await db.transaction().execute(async (trx) => {
        await lockCompany(trx, companyId);
        if (!(await repo.findLocation(trx, companyId, id))) throw locationNotFound();
        const set: Partial<repo.LocationRow> = { updated_at: new Date().toISOString() };
        if (input.name !== undefined) set.name = input.name;
        if (input.address !== undefined) Object.assign(set, addressColumns(input.address));
        if (input.phone !== undefined) set.phone = input.phone;
        await repo.updateLocation(trx, companyId, id, set);
        if (input.isDefault) await repo.moveDefaultLocation(trx, companyId, id);
      });
      const row = await repo.findLocation(db, companyId, id);
      if (!row) throw locationNotFound();
      return toLocation(row);
    },

    async remove(user, id) {
      const companyId = await owner(user);
      await db.transaction().execute(async (trx) => {
        await lockCompany(trx, companyId);
        const found = await repo.findLocation(trx, companyId, id);
        if (!found) throw locationNotFound();
        await repo.deleteLocation(trx, companyId, id);
        if (found.is_default === 1) {
          const next = await repo.oldestLocationId(trx, companyId);
          if (next) await repo.moveDefaultLocation(trx, companyId, next);
        }
        for (const m of await repo.limitedMembers(trx, companyId)) {
          const ids = repo.parseLocationIds(m.location_ids);
          if (ids?.includes(id)) {
            await repo.setMemberLocations(
              trx,
              companyId,
              m.user_id,
              ids.filter((x) => x !== id),
            );
          }
        }
      });
      membershipsChanged();
    },
  };
}
