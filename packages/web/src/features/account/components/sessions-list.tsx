// Where the account is signed in: one row per live session, the most recently active first. Any one can be signed
// out, this browser's too; "Sign out everywhere" ends them all, once confirmed in a dialog. On a phone the rows stack as cards, so the page never
// scrolls sideways.
import { useEffect, useRef, useState } from 'react';
import type { Session } from '@kestrel/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListState } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../lib/notify';
import { useSessions } from '../api/get-sessions';
import { useLogoutAll } from '../api/logout-all';
import { useRevokeSession } from '../api/revoke-session';
import { deviceName } from '../device-name';
import { BusyButton } from './form-parts';

const time = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => time.format(new Date(iso));

/** A cell's label, shown only where the table's header row is not (phone width). */
function CellLabel({ children }: { children: string }) {
  return <span className="mr-1 font-medium md:hidden">{children}:</span>;
}

function SessionRow({ session }: { session: Session }) {
  const revoke = useRevokeSession();
  const device = deviceName(session.userAgent);
  const signOut = () => revoke.mutate(session, { onError: (error) => notify.error(error.message) });
  const cell = 'max-md:block max-md:border-b-0 max-md:px-0 max-md:py-1';
  return (
    <tr className="max-md:block max-md:border-b max-md:border-base-300 max-md:py-3 max-md:last:border-b-0">
      <td className={cell}>
        <span className="font-medium">{device}</span>
        {session.current ? <span className="badge badge-primary badge-sm ml-2">This device</span> : null}
      </td>
      <td className={cell}>
        <CellLabel>Signed in</CellLabel>
        <time dateTime={session.createdAt}>{when(session.createdAt)}</time>
      </td>
      <td className={cell}>
        <CellLabel>Last active</CellLabel>
        <time dateTime={session.lastSeenAt}>{when(session.lastSeenAt)}</time>
      </td>
      <td className={`${cell} md:text-right`}>
        <BusyButton
          type="button"
          pending={revoke.isPending}
          label="Sign out"
          pendingLabel="Signing out…"
          className="btn btn-outline btn-sm"
          ariaLabel={
            session.current
              ? `Sign out ${device} (this device)`
              : `Sign out ${device}, signed in ${when(session.createdAt)}`
          }
          onClick={signOut}
        />
      </td>
    </tr>
  );
}

export function SessionsList() {
  const sessions = useSessions();
  const logoutAll = useLogoutAll();
  // Ending every session cannot be taken back, so it is asked for first (issue #47).
  const [asking, setAsking] = useState(false);
  const table = useRef<HTMLTableElement>(null);
  // A signed-out row takes its focused button with it; keyboard and screen-reader users land back on the list
  // rather than at the top of the page.
  const count = sessions.data?.length;
  const shownCount = useRef(count);
  useEffect(() => {
    const before = shownCount.current;
    shownCount.current = count;
    if (count !== undefined && before !== undefined && count < before && document.activeElement === document.body)
      table.current?.focus();
  }, [count]);

  if (sessions.isPending) return <Spinner label="Loading your sessions" />;
  if (sessions.isError) return <ListState alert>{sessions.error.message}</ListState>;
  return (
    <div className="flex flex-col items-start gap-4">
      <div className="w-full rounded-box border border-base-300 bg-base-100 max-md:px-4">
        <table ref={table} tabIndex={-1} className="table max-md:block">
          <caption className="sr-only">Where your account is signed in</caption>
          <thead className="text-base-content max-md:hidden">
            <tr>
              <th scope="col">Device</th>
              <th scope="col">Signed in</th>
              <th scope="col">Last active</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="max-md:block">
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </tbody>
        </table>
      </div>
      <BusyButton
        type="button"
        pending={logoutAll.isPending}
        label="Sign out everywhere"
        pendingLabel="Signing out everywhere…"
        className="btn btn-error btn-outline"
        onClick={() => setAsking(true)}
      />
      <ConfirmDialog
        open={asking}
        title="Sign out everywhere?"
        confirmLabel="Yes, sign out everywhere"
        dismissLabel="Stay signed in"
        danger
        onClose={() => setAsking(false)}
        onConfirm={() => logoutAll.mutateAsync()}
      >
        <p>
          Every device signed in to this account is signed out, this one too ({sessions.data.length}{' '}
          {sessions.data.length === 1 ? 'session' : 'sessions'}). You sign in again with your password.
        </p>
      </ConfirmDialog>
    </div>
  );
}
