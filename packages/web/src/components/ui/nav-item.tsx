import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

interface NavItemProps {
  to: string;
  label: string;
  className: string;
  activeClassName: string;
  /** Active only on this exact path (home, the dashboard's index); otherwise also on paths below it. */
  end?: boolean;
  /** Shown after the label inside the link (the cart's count). */
  children?: ReactNode;
}

/**
 * A navigation link that marks the current page with aria-current. React Router's NavLink does the same but brings
 * view-transition code the home page does not need.
 */
export function NavItem({ to, label, className, activeClassName, end = false, children }: NavItemProps) {
  const { pathname } = useLocation();
  const active = pathname === to || (!end && pathname.startsWith(`${to}/`));
  return (
    <Link to={to} className={active ? activeClassName : className} aria-current={active ? 'page' : undefined}>
      {label}
      {children}
    </Link>
  );
}
