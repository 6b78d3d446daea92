import { BoundedMap } from './bounded-map';

describe('BoundedMap', () => {
  it('keeps at most its limit, dropping the entry set longest ago', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('c', 3);
    expect([...map.entries()]).toEqual([['b', 2], ['c', 3]]);
  });

  it('makes an entry set again the newest, so it outlives older ones', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('a', 10).set('c', 3);
    expect([...map.entries()]).toEqual([['a', 10], ['c', 3]]);
  });

  it('keeps an entry read with touch over one not read since (least recently used order)', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    expect(map.touch('a')).toBe(1);
    expect(map.touch('missing')).toBeUndefined();
    map.set('c', 3);
    expect([...map.keys()]).toEqual(['a', 'c']);
    expect(map.size).toBe(2);
  });
});
