/** A round portrait: the character's image, or the name's initial on a colour picked from the name. */
export function Avatar({ name, src }: { name: string; src?: string | null }) {
  if (src) return <img className="avatar" src={src} alt="" aria-hidden="true" />;
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360;
  const initial = [...name.trim()][0]?.toUpperCase() ?? '?';
  return (
    <span className="avatar initials" style={{ backgroundColor: `hsl(${hash} 45% 42%)` }} aria-hidden="true">
      {initial}
    </span>
  );
}
