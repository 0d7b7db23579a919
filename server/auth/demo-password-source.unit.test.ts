import 'server-only';
import { describe, expect, it } from 'vitest';
import { demoPasswordSource } from './demo-password-source';

describe('demoPasswordSource', () => {
  it('names the DEMO_PASSWORD setting when it is set, since no file is written then', () => {
    expect(demoPasswordSource({ demoPasswordSet: true, dataDir: '.data/console', cwd: '/srv/signdesk' })).toEqual({
      setting: 'DEMO_PASSWORD',
    });
  });

  it('names the file in the data folder, relative to the checkout when it is inside it', () => {
    expect(demoPasswordSource({ demoPasswordSet: false, dataDir: '/srv/signdesk/.data/console', cwd: '/srv/signdesk' })).toEqual({
      file: '.data/console/demo-password',
    });
    expect(demoPasswordSource({ demoPasswordSet: false, dataDir: 'state/here', cwd: '/srv/signdesk' })).toEqual({
      file: 'state/here/demo-password',
    });
  });

  it('names the file by its absolute path when the data folder is elsewhere', () => {
    expect(demoPasswordSource({ demoPasswordSet: false, dataDir: '/var/lib/signdesk', cwd: '/srv/signdesk' })).toEqual({
      file: '/var/lib/signdesk/demo-password',
    });
    expect(demoPasswordSource({ demoPasswordSet: false, dataDir: '../elsewhere', cwd: '/srv/signdesk' })).toEqual({
      file: '/srv/elsewhere/demo-password',
    });
  });
});
