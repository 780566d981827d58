// The personal address book (B2B §12): every signed-in user's own entries, at most MAX_ADDRESS_BOOK_ENTRIES, the
// first the default; `isDefault: true` moves it, and deleting the default makes the oldest remaining entry the default.
// Nobody else reads or changes them (another's id answers 404).
import {
  MAX_ADDRESS_BOOK_ENTRIES,
  type Address,
  type addressBookCreateSchema,
  type addressBookPatchSchema,
} from '@kestrel/shared/ship-to';
import type { z } from 'zod';
import type { OpenDatabase } from '../../infra/db/create-db.js';
import { newId } from '../../infra/db/ids.js';
import { AppError, notFound } from '../../infra/errors.js';
import { addressColumns, addressOf } from './address-rows.js';
import * as repo from './repository.js';

export interface AddressBookEntry {
  _id: string;
  label: string;
  address: Address;
  phone: string | null;
  isDefault: boolean;
}

export interface AddressBookService {
  list(userId: string): Promise<AddressBookEntry[]>;
  create(userId: string, input: z.output<typeof addressBookCreateSchema>): Promise<AddressBookEntry>;
  update(userId: string, id: string, input: z.output<typeof addressBookPatchSchema>): Promise<AddressBookEntry>;
  remove(userId: string, id: string): Promise<void>;
  /** The entry, or undefined when it is not this person's (the order path's `{ addressId }`). */
  find(userId: string, id: string): Promise<AddressBookEntry | undefined>;
}

export function toEntry(row: repo.EntryRow): AddressBookEntry {
  return { _id: row.id, label: row.label, address: addressOf(row), phone: row.phone, isDefault: row.is_default === 1 };
}

const entryNotFound = () => notFound('Address');

export function createAddressBookService(database: OpenDatabase): AddressBookService {
  const { db } = database;
  const postgres = !database.sqlite;
  return {
    list: async (userId) => (await repo.listEntries(db, userId)).map(toEntry),

    async find(userId, id) {
      const row = await repo.findEntry(db, userId, id);
      return row ? toEntry(row) : undefined;
    },

    async create(userId, input) {
      const now = new Date().toISOString();
      const row: repo.EntryRow = {
        id: newId(),
        user_id: userId,
        label: input.label,
        ...addressColumns(input.address),
        phone: input.phone,
        is_default: 0,
        created_at: now,
        updated_at: now,
      };
      await db.transaction().execute(async (trx) => {
        await repo.lockOwner(trx, userId, postgres);
        const count = await repo.countEntries(trx, userId);
        if (count >= MAX_ADDRESS_BOOK_ENTRIES) {
          throw new AppError(
            409,
            'address_book_full',
            `An address book holds at most ${MAX_ADDRESS_BOOK_ENTRIES} addresses`,
          );
        }
        row.is_default = count === 0 ? 1 : 0;
        await repo.insertEntry(trx, row);
      });
      return toEntry(row);
    },

    async update(userId, id, input) {
      await db.transaction().execute(async (trx) => {
        await repo.lockOwner(trx, userId, postgres);
        if (!(await repo.findEntry(trx, userId, id))) throw entryNotFound();
        const set: Partial<repo.EntryRow> = { updated_at: new Date().toISOString() };
        if (input.label !== undefined) set.label = input.label;
        if (input.address !== undefined) Object.assign(set, addressColumns(input.address));
        if (input.phone !== undefined) set.phone = input.phone;
        await repo.updateEntry(trx, userId, id, set);
        if (input.isDefault) await repo.moveDefault(trx, userId, id);
      });
      const row = await repo.findEntry(db, userId, id);
      if (!row) throw entryNotFound();
      return toEntry(row);
    },

    async remove(userId, id) {
      await db.transaction().execute(async (trx) => {
        await repo.lockOwner(trx, userId, postgres);
        const wasDefault = (await repo.findEntry(trx, userId, id))?.is_default === 1;
        if (!(await repo.deleteEntry(trx, userId, id))) throw entryNotFound();
        const next = wasDefault ? await repo.oldestEntryId(trx, userId) : undefined;
        if (next) await repo.moveDefault(trx, userId, next);
      });
    },
  };
}
