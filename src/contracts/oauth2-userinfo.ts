// OpenID Connect's userinfo: the organization a token was granted by.
import { z } from 'zod';

export const UserInfoOrganization = z
  .object({ sub: z.string(), name: z.string() })
  .meta({ id: 'UserInfoOrganization' });
