// Download links: `<downloadable id>.<expiry in unix seconds>.<HMAC>` in base64url parts, checked without a lookup.

export interface LinkClaims {
  downloadableId: string;
  expiresAt: Date;
}

export function linkPayload(claims: LinkClaims): string {
  return `${Buffer.from(claims.downloadableId).toString('base64url')}.${Math.floor(claims.expiresAt.getTime() / 1000)}`;
}

/** The claims a token carries, or null when it is not of the link's form. */
export function parseLinkToken(token: string): { payload: string; signature: string; claims: LinkClaims } | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !/^\d{1,12}$/.test(parts[1])) return null;
  const downloadableId = Buffer.from(parts[0], 'base64url').toString('utf8');
  if (!/^[0-9a-f-]{36}$/.test(downloadableId)) return null;
  return {
    payload: `${parts[0]}.${parts[1]}`,
    signature: parts[2],
    claims: { downloadableId, expiresAt: new Date(Number(parts[1]) * 1000) },
  };
}
