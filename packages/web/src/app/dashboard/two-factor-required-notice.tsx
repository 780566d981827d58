// STAFF_2FA=required (B2B §15): once a staff call came back 403 two_factor_required, the dashboard says why the staff
// pages are refused and where to turn two-step sign-in on.
import { Link } from 'react-router';
import { useTwoFactorRequired } from '../../lib/two-factor-required';

export function TwoFactorRequiredNotice() {
  const refused = useTwoFactorRequired();
  if (!refused) return null;
  return (
    <div
      role="alert"
      className="mb-6 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-box border-l-4 border-warning bg-base-200 p-4"
    >
      <span>
        This shop requires two-step sign-in for staff accounts: the staff pages stay closed until you turn it on.
      </span>
      <Link to="/dashboard/security" className="link font-semibold">
        Turn on two-step sign-in
      </Link>
    </div>
  );
}
