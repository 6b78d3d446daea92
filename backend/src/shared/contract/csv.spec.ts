import { toCsv } from './csv';

describe('CSV exports', () => {
  it('quotes fields with commas, quotes or line breaks, leaves empty what is null, and ends every line with CRLF', () => {
    expect(toCsv(['a', 'b'], [['x, y', 'say "hi"'], [null, 'two\nlines'], [12, 'plain']])).toBe('a,b\r\n"x, y","say ""hi"""\r\n,"two\nlines"\r\n12,plain\r\n');
  });

  it('keeps a spreadsheet from running a field as a formula', () => {
    expect(toCsv(['f'], [['=HYPERLINK("x")'], ['+1'], ['-2'], ['@cmd'], [-3]])).toBe('f\r\n"\'=HYPERLINK(""x"")"\r\n\'+1\r\n\'-2\r\n\'@cmd\r\n-3\r\n');
  });
});
