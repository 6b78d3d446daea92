import { DATABASE_BUSY, describeError } from './http-error.filter';

describe('describeError', () => {
  it('answers 503 when the database turns a connection away or none comes in time', () => {
    for (const code of ['53300', '57P03', '53000']) expect(describeError(Object.assign(new Error('sorry, too many clients already'), { code }))).toEqual({ status: 503, message: DATABASE_BUSY });
    expect(describeError(new Error('timeout exceeded when trying to connect'))).toEqual({ status: 503, message: DATABASE_BUSY });
  });

  it('keeps 500, without details, for anything else unexpected', () => {
    const generic = { status: 500, message: 'Something went wrong on our side. Please try again.' };
    expect(describeError(Object.assign(new Error('duplicate key'), { code: '23505' }))).toEqual(generic);
    expect(describeError(new Error('timeout exceeded when trying to connect to the chain'))).toEqual(generic);
    expect(describeError('a string')).toEqual(generic);
  });
});
