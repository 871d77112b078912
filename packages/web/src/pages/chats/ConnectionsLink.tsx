import type { ReactNode } from 'react';

/** The link to the Connections page a translated sentence wraps around its own words (Trans fills them in). */
export function ConnectionsLink({ children }: { children?: ReactNode }) {
  return <a href="#/connections">{children}</a>;
}
