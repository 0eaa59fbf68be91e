/** The most common passwords of 8 characters or more (from public breach top lists), lowercased. */
export const COMMON_PASSWORDS = new Set([
  '12345678', '123456789', '1234567890', '12345678910', '123123123', '11111111', '00000000', '87654321',
  '88888888', '99999999', '12341234', '11223344', '147258369', '987654321', '123321123', '1q2w3e4r',
  '1q2w3e4r5t', '1qaz2wsx', 'qwertyui', 'qwertyuiop', 'qwerty123', 'qwerty12', 'asdfghjk', 'asdfghjkl',
  'zxcvbnm1', 'password', 'password1', 'password12', 'password123', 'passw0rd', 'p@ssw0rd', 'p@ssword',
  'iloveyou', 'iloveyou1', 'princess', 'sunshine', 'football', 'baseball', 'superman', 'starwars',
  'trustno1', 'whatever', 'dragon12', 'welcome1', 'welcome123', 'letmein1', 'letmein123', 'changeme',
  'changeme1', 'admin123', 'administrator', 'abc12345', 'abcd1234', 'abcdefgh', 'computer', 'internet',
  'michelle', 'jennifer', 'jordan23', 'liverpool', 'chocolate', 'butterfly', 'charlie1', 'shadow12',
  'master12', 'mustang1', 'michael1', 'monkey12', 'qazwsxedc', 'zaq12wsx', 'aa123456', 'a1234567',
  'a12345678', 'q1w2e3r4', 'q1w2e3r4t5', 'secret123', 'login123', 'default1', 'welcome!', 'marketplace',
  'vendor123', 'test1234', 'testtest', 'test12345', 'demo1234', 'hello123', 'freedom1', 'summer2024',
  'summer2025', 'summer2026', 'winter2025', 'winter2026', 'spring2026', 'autumn2026', 'password!',
]);
