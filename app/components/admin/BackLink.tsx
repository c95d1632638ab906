import { Link } from "@remix-run/react";
import { adminStyles } from "./ui";

/** The back office's "← list" link above a page's heading. */
export function BackLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <p className="text-sm">
      <Link to={to} className={adminStyles.link}>
        ← {children}
      </Link>
    </p>
  );
}
