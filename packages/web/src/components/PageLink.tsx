/** The link a translated sentence wraps around its own words (Trans fills in the children). */
export function PageLink({ href, children }: { href: string; children?: React.ReactNode }) {
  return <a href={href}>{children}</a>;
}
