// The administrator's punch-out connections (B2B §17): one per procurement system of a company, acting as one of its
// owners or buyers; its shared secret is in the create answer only. Deleting one ends its open punch-out sessions.
import {
  punchoutMessages,
  type PunchoutConnection,
  type PunchoutConnectionCreate,
  type PunchoutConnectionCreated,
} from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import { newId } from '../../infra/db/ids.js';
import { isUniqueViolation } from '../../infra/db/unique-violation.js';
import { AppError, notFound } from '../../infra/errors.js';
import { changedFields, recordAudit, type AuditContext } from '../audit/index.js';
import * as repo from './connections-repository.js';
import { hashSecret, newSecret } from './secrets.js';

export interface ConnectionsDeps {
  db: Db;
  publicUrl: string;
  /** Revokes the sessions of a deleted connection's visits (the visits module's, handed in by the service). */
  endSessionsOf(connectionId: string): Promise<void>;
}

export interface ConnectionsService {
  create(
    input: PunchoutConnectionCreate & { protocol: 'cxml' | 'oci' },
    createdBy: string,
    audit: AuditContext | null,
  ): Promise<PunchoutConnectionCreated>;
  list(): Promise<PunchoutConnection[]>;
  remove(id: string, audit: AuditContext | null): Promise<void>;
}

export function createConnectionsService({ db, publicUrl, endSessionsOf }: ConnectionsDeps): ConnectionsService {
  const toAnswer = (row: repo.ListedConnection): PunchoutConnection => ({
    _id: row.id,
    name: row.name,
    protocol: row.protocol,
    companyId: row.company_id,
    companyName: row.company_name,
    userEmail: row.user_email,
    identity: row.identity,
    createdAt: row.created_at,
    setupUrl: row.protocol === 'cxml' ? `${publicUrl}/punchout/cxml/setup` : `${publicUrl}/punchout/oci/${row.id}`,
    orderUrl: row.protocol === 'cxml' ? `${publicUrl}/punchout/cxml/order` : null,
  });

  return {
    async create(input, createdBy, audit) {
      const companyName = await repo.findCompanyName(db, input.companyId);
      if (companyName === undefined) throw notFound('Company');
      const member = await repo.findMemberByEmail(db, input.companyId, input.userEmail);
      // A viewer orders nothing (B2B §5), so a punch-out acting as one could fill no cart worth transferring.
      if (!member || member.role === 'viewer') throw new AppError(409, 'not_a_buyer', punchoutMessages.notMember);
      const at = Date.now();
      const id = newId(at);
      const sharedSecret = newSecret();
      const row: repo.ConnectionRow = {
        id,
        name: input.name,
        protocol: input.protocol,
        company_id: input.companyId,
        user_id: member.id,
        identity: input.protocol === 'cxml' ? (input.identity ?? null) : null,
        secret_hash: hashSecret(sharedSecret),
        created_at: new Date(at).toISOString(),
        created_by: createdBy,
      };
      try {
        await db.transaction().execute(async (trx) => {
          await repo.insertConnection(trx, row);
          // Never the secret: the entry names the connection, its company and whom it acts as.
          await recordAudit(trx, audit, {
            action: 'punchout.created',
            targetType: 'punchout',
            targetId: id,
            summary: `Created punch-out connection ${input.name}`,
            changes: changedFields(null, {
              name: input.name,
              protocol: input.protocol,
              companyId: input.companyId,
              userEmail: input.userEmail,
              identity: row.identity,
            }),
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, 'identity_taken', punchoutMessages.identityTaken);
        throw error;
      }
      return {
        ...toAnswer({ ...row, company_name: companyName, user_email: input.userEmail }),
        sharedSecret,
      };
    },

    async list() {
      return (await repo.listConnections(db)).map(toAnswer);
    },

    async remove(id, audit) {
      const row = await repo.findListedConnection(db, id);
      if (!row) throw notFound('Punch-out connection');
      // First, while the visits still name their sessions (they go with the connection).
      await endSessionsOf(id);
      await db.transaction().execute(async (trx) => {
        if (!(await repo.deleteConnection(trx, id))) return;
        await recordAudit(trx, audit, {
          action: 'punchout.deleted',
          targetType: 'punchout',
          targetId: id,
          summary: `Deleted punch-out connection ${row.name}`,
          changes: null,
        });
      });
    },
  };
}
