/**
 * Passwords that appear near the top of every published breach list, plus a
 * few local favourites (teams, places, the site's own name). Only entries of 8
 * or more characters matter: shorter ones already fail the length rule.
 * Stored lower-case; passwords.ts compares lower-cased, also with trailing
 * digits and symbols stripped (so 'Password123!' counts as 'password').
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  `
password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword pa55word pa55w0rd
passwort motdepasse contrasena wachtwoord
12345678 123456789 1234567890 12345678910 0123456789 123456789a 12345678a a12345678 a123456789
87654321 987654321 0987654321 11111111 111111111 1111111111 00000000 000000000 0000000000
88888888 99999999 66666666 55555555 22222222 33333333 44444444 77777777 12121212 11223344
12341234 123123123 123321123 12344321 147258369 147852369 159753456 159357456 741852963 963852741
1234554321 123456123 112233445 1122334455 123qweasd 123456qwerty qwerty123456 qwertyuiop qwertyui
qwerty12 qwerty123 qwerty1234 qwer1234 1234qwer q1w2e3r4 q1w2e3r4t5 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y
1qaz2wsx 1qazxsw2 zaq12wsx zaq1zaq1 qazwsxedc qazwsx123 asdfghjk asdfghjkl asdf1234 asdfasdf
zxcvbnm1 zxcvbnmm zxcvbnm123 abcd1234 abc12345 abc123456 abcdefgh abcdefg1 aaaaaaaa abcabcabc
iloveyou iloveyou1 iloveyou2 iloveu123 loveyou1 lovelove lovely123 ilovegod iloveme1 mylove123
sunshine sunshine1 princess princess1 football football1 baseball baseball1 basketball soccer12
welcome1 welcome12 welcome123 welcome! letmein1 letmein123 trustno1 trustme1 superman superman1
starwars whatever computer computer1 internet michelle jennifer jennifer1 babygirl babygirl1 danielle
jordan23 liverpool liverpool1 chelsea1 arsenal1 manchester manutd123 barcelona realmadrid juventus
admin123 admin1234 administrator changeme changeme1 default1 guest123 master12 master123 mustang1
shadow12 dragon12 dragon123 monkey12 monkey123 blink182 samantha jessica1 charlie1 michael1
jonathan nicholas christian alexander elizabeth superstar rockstar sunflower butterfly chocolate
pokemon1 midnight mercedes ferrari1 corvette yankees1 cowboys1 steelers dolphins eagles12 hello123
hello1234 helloworld forever1 freedom1 blessed1 blessing godisgood jesus123 jesuschrist jesuslovesme
angel123 angels12 secret123 access14 mypassword yourpassword newpassword oldpassword temppass
temp1234 test1234 testing1 testtest 1234test password! whatever1 nothing1 something anything
everything fuckyou1 fuckoff1 killer12 hunter12 hunter123 ranger12 buster12 harley12 tigger12
ginger12 pepper12 cookie12 summer12 winter12 spring12 autumn12 summer2023 summer2024 summer2025
winter2024 winter2025 spring2025 january1 february december november september october1 monday123
20202020 20212021 20222022 20232023 20242024 20252025 20262026 19901990 19951995 20002000
19851985 19801980 letsema1 letsema123 letsema2026 southafrica southafrica1 mzansi123 johannesburg
joburg123 capetown1 capetown123 durban123 pretoria1 soweto123 springbok springboks bafana123
bafanabafana kaizerchiefs orlandopirates pirates123 chiefs123 sundowns amandla1 ubuntu123 nelsonmandela
mandela1 madiba123 siyabonga thandiwe123 lerato123 sibusiso tshepo123 thabo123 nkosi123 jabulani
banana12 orange12 apple123 cheese12 chicken1 naruto12 pokemon123 minecraft fortnite roblox123
playstation xbox1234 nintendo batman12 spiderman ironman1 avengers pakistan india123 nigeria1
zimbabwe kenya123 london12 newyork1 samsung1 samsung123 iphone12 nokia123 google123 facebook
instagram linkedin twitter1 youtube1 microsoft windows1 linux123 oracle12 letmein! qwerty!!
asdfghjkl1 1234567a 12345qwert qwert12345 zxcv1234 aa123456 aa12345678 a1b2c3d4 a1s2d3f4 q1q1q1q1
1a2b3c4d abcde123 abcdefg123 11112222 12qwaszx 1q2w3e4r5 qweasdzxc qweasd123 asd12345 zaqxswcde
`
    .split(/\s+/)
    .filter(Boolean),
);
