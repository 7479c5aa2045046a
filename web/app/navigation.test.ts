import { describe, expect, it } from 'vitest';
import { navigationFor, rolesOf } from './navigation';

const pathsFor = (...args: Parameters<typeof rolesOf>) =>
  navigationFor(rolesOf(...args)).map((e) => e.path);

describe('back-office navigation', () => {
  it('reads the stored login kinds as roles: mem member, su super, ga admin', () => {
    expect([...rolesOf(['mem'])]).toEqual(['member']);
    expect([...rolesOf(['su'])]).toEqual(['super']);
    expect([...rolesOf(['ga'])]).toEqual(['admin']);
    expect([...rolesOf(['ga'], true)]).toEqual(['tempadmin']);
  });

  it('shows a member only their own screens', () => {
    expect(pathsFor(['mem'])).toEqual(['/', '/member', '/family', '/renewmember']);
  });

  it('keeps plans, logs and adding board members from a temporary admin', () => {
    const paths = pathsFor(['ga'], true);
    expect(paths).toContain('/reports');
    expect(paths).toContain('/listMemberBoard');
    expect(paths).toContain('/reminders');
    expect(paths).not.toContain('/plans');
    expect(paths).not.toContain('/logs');
    expect(paths).not.toContain('/addMemberBoard');
  });

  it('offers admin accounts to the super user only', () => {
    expect(pathsFor(['su'])).toContain('/accounts');
    expect(pathsFor(['ga'])).not.toContain('/accounts');
  });

  it('shows nothing without a login', () => {
    expect(pathsFor([])).toEqual([]);
  });
});
