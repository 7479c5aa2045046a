/**
 * An e-mail address that wraps only before its "@" when its column is narrow: "rupal.joshi" over
 * "@example.com", never "rupal.joshi@example.c" over "om". Its column is then as wide as the
 * longer half; a half too long for the space still breaks (overflow-wrap).
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <span style={{ overflowWrap: 'break-word' }}>
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </span>
  );
}
