import { AuthSessionEntity } from './auth-session.entity.js';
import { OneTimeTokenEntity } from './one-time-token.entity.js';
import { ProjectEntity } from './project.entity.js';
import { RoleEntity } from './role.entity.js';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';

export const coreEntities = [TenantEntity, UserEntity, RoleEntity, ProjectEntity, AuthSessionEntity, OneTimeTokenEntity];
