import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const checkZip = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/ajax/validate_zipcode/', payload });

describe('GET /api/stateList', () => {
  it('answers the 50 states and DC as { value, label } to anyone', async () => {
    const response = await t.app.inject({ url: '/api/stateList' });
    expect(response.statusCode).toBe(200);
    const states = response.json();
    expect(states).toHaveLength(51);
    expect(states).toContainEqual({ value: 'TX', label: 'Texas' });
    expect(states[0]).toEqual({ value: 'AL', label: 'Alabama' });
  });
});

describe('POST /api/ajax/validate_zipcode/', () => {
  it.each([
    ['77001', 'TX'],
    ['60601', 'IL'],
    ['10001', 'NY'],
  ])('finds %s in %s', async (zipcode, state) => {
    const response = await checkZip({ zipcode, state });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ valid: true });
  });

  it('takes the zip as a number too', async () => {
    expect((await checkZip({ zipcode: 60601, state: 'IL' })).json()).toEqual({ valid: true });
  });

  it('says why a zip is not valid: another state, or not 5 digits', async () => {
    expect((await checkZip({ zipcode: '77001', state: 'IL' })).json()).toEqual({
      valid: false,
      message: 'This zip code is not in the chosen state.',
    });
    expect((await checkZip({ zipcode: '1234', state: 'TX' })).json()).toEqual({
      valid: false,
      message: 'A zip code has 5 digits.',
    });
  });

  it('refuses a request without the fields', async () => {
    const response = await checkZip({ zipcode: '77001' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.state).toBeDefined();
  });
});
