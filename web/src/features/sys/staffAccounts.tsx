import { lazy, Suspense } from 'react';
import { addUser, allRoles, editUser, type UserForm } from '../../api/admin';
import type { AccountKind } from './UserFormDialog';

// The unit item lives with the dialog (its form and the organisation picker): /sysuser's list loads neither.
const StaffUnitItem = lazy(() => import('./UserFormDialog').then((m) => ({ default: m.StaffUnitItem })));

/** Staff accounts (/sysuser): a unit, any role. */
export const staffAccounts: AccountKind = {
  addTitle: 'user.add',
  editTitle: 'user.editTitle',
  place: (user) => (
    <Suspense fallback={null}>
      <StaffUnitItem user={user} />
    </Suspense>
  ),
  placeValues: (user) => ({ unitCode: user.unitCode }),
  roles: allRoles,
  add: (v) => addUser(v as UserForm),
  edit: (v) => editUser(v as UserForm & { id: number }),
};
