// verifier/checks/agl.ts — the Adobe Glyph List (AGL 2.0, github.com/adobe-type-tools/agl-aglfn,
// BSD-3-Clause, © Adobe): glyph name → Unicode scalar, each name once (the first of its values), as
// pdf.js carries it. ISO 19005-2 §6.2.11.6 and 14289-1 §7.21.6 admit in a non-symbolic TrueType
// font's Differences only the names the list has.

const TABLE = `
A:41 AE:c6 AEacute:1fc AEmacron:1e2 AEsmall:f7e6 Aacute:c1 Aacutesmall:f7e1 Abreve:102
Abreveacute:1eae Abrevecyrillic:4d0 Abrevedotbelow:1eb6 Abrevegrave:1eb0 Abrevehookabove:1eb2
Abrevetilde:1eb4 Acaron:1cd Acircle:24b6 Acircumflex:c2 Acircumflexacute:1ea4
Acircumflexdotbelow:1eac Acircumflexgrave:1ea6 Acircumflexhookabove:1ea8 Acircumflexsmall:f7e2
Acircumflextilde:1eaa Acute:f6c9 Acutesmall:f7b4 Acyrillic:410 Adblgrave:200 Adieresis:c4
Adieresiscyrillic:4d2 Adieresismacron:1de Adieresissmall:f7e4 Adotbelow:1ea0 Adotmacron:1e0
Agrave:c0 Agravesmall:f7e0 Ahookabove:1ea2 Aiecyrillic:4d4 Ainvertedbreve:202 Alpha:391
Alphatonos:386 Amacron:100 Amonospace:ff21 Aogonek:104 Aring:c5 Aringacute:1fa Aringbelow:1e00
Aringsmall:f7e5 Asmall:f761 Atilde:c3 Atildesmall:f7e3 Aybarmenian:531 B:42 Bcircle:24b7
Bdotaccent:1e02 Bdotbelow:1e04 Becyrillic:411 Benarmenian:532 Beta:392 Bhook:181 Blinebelow:1e06
Bmonospace:ff22 Brevesmall:f6f4 Bsmall:f762 Btopbar:182 C:43 Caarmenian:53e Cacute:106
Caron:f6ca Caronsmall:f6f5 Ccaron:10c Ccedilla:c7 Ccedillaacute:1e08 Ccedillasmall:f7e7
Ccircle:24b8 Ccircumflex:108 Cdot:10a Cdotaccent:10a Cedillasmall:f7b8 Chaarmenian:549
Cheabkhasiancyrillic:4bc Checyrillic:427 Chedescenderabkhasiancyrillic:4be
Chedescendercyrillic:4b6 Chedieresiscyrillic:4f4 Cheharmenian:543 Chekhakassiancyrillic:4cb
Cheverticalstrokecyrillic:4b8 Chi:3a7 Chook:187 Circumflexsmall:f6f6 Cmonospace:ff23
Coarmenian:551 Csmall:f763 D:44 DZ:1f1 DZcaron:1c4 Daarmenian:534 Dafrican:189 Dcaron:10e
Dcedilla:1e10 Dcircle:24b9 Dcircumflexbelow:1e12 Dcroat:110 Ddotaccent:1e0a Ddotbelow:1e0c
Decyrillic:414 Deicoptic:3ee Delta:2206 Deltagreek:394 Dhook:18a Dieresis:f6cb
DieresisAcute:f6cc DieresisGrave:f6cd Dieresissmall:f7a8 Digammagreek:3dc Djecyrillic:402
Dlinebelow:1e0e Dmonospace:ff24 Dotaccentsmall:f6f7 Dslash:110 Dsmall:f764 Dtopbar:18b Dz:1f2
Dzcaron:1c5 Dzeabkhasiancyrillic:4e0 Dzecyrillic:405 Dzhecyrillic:40f E:45 Eacute:c9
Eacutesmall:f7e9 Ebreve:114 Ecaron:11a Ecedillabreve:1e1c Echarmenian:535 Ecircle:24ba
Ecircumflex:ca Ecircumflexacute:1ebe Ecircumflexbelow:1e18 Ecircumflexdotbelow:1ec6
Ecircumflexgrave:1ec0 Ecircumflexhookabove:1ec2 Ecircumflexsmall:f7ea Ecircumflextilde:1ec4
Ecyrillic:404 Edblgrave:204 Edieresis:cb Edieresissmall:f7eb Edot:116 Edotaccent:116
Edotbelow:1eb8 Efcyrillic:424 Egrave:c8 Egravesmall:f7e8 Eharmenian:537 Ehookabove:1eba
Eightroman:2167 Einvertedbreve:206 Eiotifiedcyrillic:464 Elcyrillic:41b Elevenroman:216a
Emacron:112 Emacronacute:1e16 Emacrongrave:1e14 Emcyrillic:41c Emonospace:ff25 Encyrillic:41d
Endescendercyrillic:4a2 Eng:14a Enghecyrillic:4a4 Enhookcyrillic:4c7 Eogonek:118 Eopen:190
Epsilon:395 Epsilontonos:388 Ercyrillic:420 Ereversed:18e Ereversedcyrillic:42d Escyrillic:421
Esdescendercyrillic:4aa Esh:1a9 Esmall:f765 Eta:397 Etarmenian:538 Etatonos:389 Eth:d0
Ethsmall:f7f0 Etilde:1ebc Etildebelow:1e1a Euro:20ac Ezh:1b7 Ezhcaron:1ee Ezhreversed:1b8 F:46
Fcircle:24bb Fdotaccent:1e1e Feharmenian:556 Feicoptic:3e4 Fhook:191 Fitacyrillic:472
Fiveroman:2164 Fmonospace:ff26 Fourroman:2163 Fsmall:f766 G:47 GBsquare:3387 Gacute:1f4
Gamma:393 Gammaafrican:194 Gangiacoptic:3ea Gbreve:11e Gcaron:1e6 Gcedilla:122 Gcircle:24bc
Gcircumflex:11c Gcommaaccent:122 Gdot:120 Gdotaccent:120 Gecyrillic:413 Ghadarmenian:542
Ghemiddlehookcyrillic:494 Ghestrokecyrillic:492 Gheupturncyrillic:490 Ghook:193 Gimarmenian:533
Gjecyrillic:403 Gmacron:1e20 Gmonospace:ff27 Grave:f6ce Gravesmall:f760 Gsmall:f767
Gsmallhook:29b Gstroke:1e4 H:48 H18533:25cf H18543:25aa H18551:25ab H22073:25a1 HPsquare:33cb
Haabkhasiancyrillic:4a8 Hadescendercyrillic:4b2 Hardsigncyrillic:42a Hbar:126 Hbrevebelow:1e2a
Hcedilla:1e28 Hcircle:24bd Hcircumflex:124 Hdieresis:1e26 Hdotaccent:1e22 Hdotbelow:1e24
Hmonospace:ff28 Hoarmenian:540 Horicoptic:3e8 Hsmall:f768 Hungarumlaut:f6cf
Hungarumlautsmall:f6f8 Hzsquare:3390 I:49 IAcyrillic:42f IJ:132 IUcyrillic:42e Iacute:cd
Iacutesmall:f7ed Ibreve:12c Icaron:1cf Icircle:24be Icircumflex:ce Icircumflexsmall:f7ee
Icyrillic:406 Idblgrave:208 Idieresis:cf Idieresisacute:1e2e Idieresiscyrillic:4e4
Idieresissmall:f7ef Idot:130 Idotaccent:130 Idotbelow:1eca Iebrevecyrillic:4d6 Iecyrillic:415
Ifraktur:2111 Igrave:cc Igravesmall:f7ec Ihookabove:1ec8 Iicyrillic:418 Iinvertedbreve:20a
Iishortcyrillic:419 Imacron:12a Imacroncyrillic:4e2 Imonospace:ff29 Iniarmenian:53b
Iocyrillic:401 Iogonek:12e Iota:399 Iotaafrican:196 Iotadieresis:3aa Iotatonos:38a Ismall:f769
Istroke:197 Itilde:128 Itildebelow:1e2c Izhitsacyrillic:474 Izhitsadblgravecyrillic:476 J:4a
Jaarmenian:541 Jcircle:24bf Jcircumflex:134 Jecyrillic:408 Jheharmenian:54b Jmonospace:ff2a
Jsmall:f76a K:4b KBsquare:3385 KKsquare:33cd Kabashkircyrillic:4a0 Kacute:1e30 Kacyrillic:41a
Kadescendercyrillic:49a Kahookcyrillic:4c3 Kappa:39a Kastrokecyrillic:49e
Kaverticalstrokecyrillic:49c Kcaron:1e8 Kcedilla:136 Kcircle:24c0 Kcommaaccent:136
Kdotbelow:1e32 Keharmenian:554 Kenarmenian:53f Khacyrillic:425 Kheicoptic:3e6 Khook:198
Kjecyrillic:40c Klinebelow:1e34 Kmonospace:ff2b Koppacyrillic:480 Koppagreek:3de Ksicyrillic:46e
Ksmall:f76b L:4c LJ:1c7 LL:f6bf Lacute:139 Lambda:39b Lcaron:13d Lcedilla:13b Lcircle:24c1
Lcircumflexbelow:1e3c Lcommaaccent:13b Ldot:13f Ldotaccent:13f Ldotbelow:1e36
Ldotbelowmacron:1e38 Liwnarmenian:53c Lj:1c8 Ljecyrillic:409 Llinebelow:1e3a Lmonospace:ff2c
Lslash:141 Lslashsmall:f6f9 Lsmall:f76c M:4d MBsquare:3386 Macron:f6d0 Macronsmall:f7af
Macute:1e3e Mcircle:24c2 Mdotaccent:1e40 Mdotbelow:1e42 Menarmenian:544 Mmonospace:ff2d
Msmall:f76d Mturned:19c Mu:39c N:4e NJ:1ca Nacute:143 Ncaron:147 Ncedilla:145 Ncircle:24c3
Ncircumflexbelow:1e4a Ncommaaccent:145 Ndotaccent:1e44 Ndotbelow:1e46 Nhookleft:19d
Nineroman:2168 Nj:1cb Njecyrillic:40a Nlinebelow:1e48 Nmonospace:ff2e Nowarmenian:546
Nsmall:f76e Ntilde:d1 Ntildesmall:f7f1 Nu:39d O:4f OE:152 OEsmall:f6fa Oacute:d3
Oacutesmall:f7f3 Obarredcyrillic:4e8 Obarreddieresiscyrillic:4ea Obreve:14e Ocaron:1d1
Ocenteredtilde:19f Ocircle:24c4 Ocircumflex:d4 Ocircumflexacute:1ed0 Ocircumflexdotbelow:1ed8
Ocircumflexgrave:1ed2 Ocircumflexhookabove:1ed4 Ocircumflexsmall:f7f4 Ocircumflextilde:1ed6
Ocyrillic:41e Odblacute:150 Odblgrave:20c Odieresis:d6 Odieresiscyrillic:4e6 Odieresissmall:f7f6
Odotbelow:1ecc Ogoneksmall:f6fb Ograve:d2 Ogravesmall:f7f2 Oharmenian:555 Ohm:2126
Ohookabove:1ece Ohorn:1a0 Ohornacute:1eda Ohorndotbelow:1ee2 Ohorngrave:1edc Ohornhookabove:1ede
Ohorntilde:1ee0 Ohungarumlaut:150 Oi:1a2 Oinvertedbreve:20e Omacron:14c Omacronacute:1e52
Omacrongrave:1e50 Omega:2126 Omegacyrillic:460 Omegagreek:3a9 Omegaroundcyrillic:47a
Omegatitlocyrillic:47c Omegatonos:38f Omicron:39f Omicrontonos:38c Omonospace:ff2f Oneroman:2160
Oogonek:1ea Oogonekmacron:1ec Oopen:186 Oslash:d8 Oslashacute:1fe Oslashsmall:f7f8 Osmall:f76f
Ostrokeacute:1fe Otcyrillic:47e Otilde:d5 Otildeacute:1e4c Otildedieresis:1e4e Otildesmall:f7f5
P:50 Pacute:1e54 Pcircle:24c5 Pdotaccent:1e56 Pecyrillic:41f Peharmenian:54a
Pemiddlehookcyrillic:4a6 Phi:3a6 Phook:1a4 Pi:3a0 Piwrarmenian:553 Pmonospace:ff30 Psi:3a8
Psicyrillic:470 Psmall:f770 Q:51 Qcircle:24c6 Qmonospace:ff31 Qsmall:f771 R:52 Raarmenian:54c
Racute:154 Rcaron:158 Rcedilla:156 Rcircle:24c7 Rcommaaccent:156 Rdblgrave:210 Rdotaccent:1e58
Rdotbelow:1e5a Rdotbelowmacron:1e5c Reharmenian:550 Rfraktur:211c Rho:3a1 Ringsmall:f6fc
Rinvertedbreve:212 Rlinebelow:1e5e Rmonospace:ff32 Rsmall:f772 Rsmallinverted:281
Rsmallinvertedsuperior:2b6 S:53 SF010000:250c SF020000:2514 SF030000:2510 SF040000:2518
SF050000:253c SF060000:252c SF070000:2534 SF080000:251c SF090000:2524 SF100000:2500
SF110000:2502 SF190000:2561 SF200000:2562 SF210000:2556 SF220000:2555 SF230000:2563
SF240000:2551 SF250000:2557 SF260000:255d SF270000:255c SF280000:255b SF360000:255e
SF370000:255f SF380000:255a SF390000:2554 SF400000:2569 SF410000:2566 SF420000:2560
SF430000:2550 SF440000:256c SF450000:2567 SF460000:2568 SF470000:2564 SF480000:2565
SF490000:2559 SF500000:2558 SF510000:2552 SF520000:2553 SF530000:256b SF540000:256a Sacute:15a
Sacutedotaccent:1e64 Sampigreek:3e0 Scaron:160 Scarondotaccent:1e66 Scaronsmall:f6fd
Scedilla:15e Schwa:18f Schwacyrillic:4d8 Schwadieresiscyrillic:4da Scircle:24c8 Scircumflex:15c
Scommaaccent:218 Sdotaccent:1e60 Sdotbelow:1e62 Sdotbelowdotaccent:1e68 Seharmenian:54d
Sevenroman:2166 Shaarmenian:547 Shacyrillic:428 Shchacyrillic:429 Sheicoptic:3e2
Shhacyrillic:4ba Shimacoptic:3ec Sigma:3a3 Sixroman:2165 Smonospace:ff33 Softsigncyrillic:42c
Ssmall:f773 Stigmagreek:3da T:54 Tau:3a4 Tbar:166 Tcaron:164 Tcedilla:162 Tcircle:24c9
Tcircumflexbelow:1e70 Tcommaaccent:162 Tdotaccent:1e6a Tdotbelow:1e6c Tecyrillic:422
Tedescendercyrillic:4ac Tenroman:2169 Tetsecyrillic:4b4 Theta:398 Thook:1ac Thorn:de
Thornsmall:f7fe Threeroman:2162 Tildesmall:f6fe Tiwnarmenian:54f Tlinebelow:1e6e Tmonospace:ff34
Toarmenian:539 Tonefive:1bc Tonesix:184 Tonetwo:1a7 Tretroflexhook:1ae Tsecyrillic:426
Tshecyrillic:40b Tsmall:f774 Twelveroman:216b Tworoman:2161 U:55 Uacute:da Uacutesmall:f7fa
Ubreve:16c Ucaron:1d3 Ucircle:24ca Ucircumflex:db Ucircumflexbelow:1e76 Ucircumflexsmall:f7fb
Ucyrillic:423 Udblacute:170 Udblgrave:214 Udieresis:dc Udieresisacute:1d7 Udieresisbelow:1e72
Udieresiscaron:1d9 Udieresiscyrillic:4f0 Udieresisgrave:1db Udieresismacron:1d5
Udieresissmall:f7fc Udotbelow:1ee4 Ugrave:d9 Ugravesmall:f7f9 Uhookabove:1ee6 Uhorn:1af
Uhornacute:1ee8 Uhorndotbelow:1ef0 Uhorngrave:1eea Uhornhookabove:1eec Uhorntilde:1eee
Uhungarumlaut:170 Uhungarumlautcyrillic:4f2 Uinvertedbreve:216 Ukcyrillic:478 Umacron:16a
Umacroncyrillic:4ee Umacrondieresis:1e7a Umonospace:ff35 Uogonek:172 Upsilon:3a5 Upsilon1:3d2
Upsilonacutehooksymbolgreek:3d3 Upsilonafrican:1b1 Upsilondieresis:3ab
Upsilondieresishooksymbolgreek:3d4 Upsilonhooksymbol:3d2 Upsilontonos:38e Uring:16e
Ushortcyrillic:40e Usmall:f775 Ustraightcyrillic:4ae Ustraightstrokecyrillic:4b0 Utilde:168
Utildeacute:1e78 Utildebelow:1e74 V:56 Vcircle:24cb Vdotbelow:1e7e Vecyrillic:412
Vewarmenian:54e Vhook:1b2 Vmonospace:ff36 Voarmenian:548 Vsmall:f776 Vtilde:1e7c W:57
Wacute:1e82 Wcircle:24cc Wcircumflex:174 Wdieresis:1e84 Wdotaccent:1e86 Wdotbelow:1e88
Wgrave:1e80 Wmonospace:ff37 Wsmall:f777 X:58 Xcircle:24cd Xdieresis:1e8c Xdotaccent:1e8a
Xeharmenian:53d Xi:39e Xmonospace:ff38 Xsmall:f778 Y:59 Yacute:dd Yacutesmall:f7fd
Yatcyrillic:462 Ycircle:24ce Ycircumflex:176 Ydieresis:178 Ydieresissmall:f7ff Ydotaccent:1e8e
Ydotbelow:1ef4 Yericyrillic:42b Yerudieresiscyrillic:4f8 Ygrave:1ef2 Yhook:1b3 Yhookabove:1ef6
Yiarmenian:545 Yicyrillic:407 Yiwnarmenian:552 Ymonospace:ff39 Ysmall:f779 Ytilde:1ef8
Yusbigcyrillic:46a Yusbigiotifiedcyrillic:46c Yuslittlecyrillic:466
Yuslittleiotifiedcyrillic:468 Z:5a Zaarmenian:536 Zacute:179 Zcaron:17d Zcaronsmall:f6ff
Zcircle:24cf Zcircumflex:1e90 Zdot:17b Zdotaccent:17b Zdotbelow:1e92 Zecyrillic:417
Zedescendercyrillic:498 Zedieresiscyrillic:4de Zeta:396 Zhearmenian:53a Zhebrevecyrillic:4c1
Zhecyrillic:416 Zhedescendercyrillic:496 Zhedieresiscyrillic:4dc Zlinebelow:1e94 Zmonospace:ff3a
Zsmall:f77a Zstroke:1b5 a:61 aabengali:986 aacute:e1 aadeva:906 aagujarati:a86 aagurmukhi:a06
aamatragurmukhi:a3e aarusquare:3303 aavowelsignbengali:9be aavowelsigndeva:93e
aavowelsigngujarati:abe abbreviationmarkarmenian:55f abbreviationsigndeva:970 abengali:985
abopomofo:311a abreve:103 abreveacute:1eaf abrevecyrillic:4d1 abrevedotbelow:1eb7
abrevegrave:1eb1 abrevehookabove:1eb3 abrevetilde:1eb5 acaron:1ce acircle:24d0 acircumflex:e2
acircumflexacute:1ea5 acircumflexdotbelow:1ead acircumflexgrave:1ea7 acircumflexhookabove:1ea9
acircumflextilde:1eab acute:b4 acutebelowcmb:317 acutecmb:301 acutecomb:301 acutedeva:954
acutelowmod:2cf acutetonecmb:341 acyrillic:430 adblgrave:201 addakgurmukhi:a71 adeva:905
adieresis:e4 adieresiscyrillic:4d3 adieresismacron:1df adotbelow:1ea1 adotmacron:1e1 ae:e6
aeacute:1fd aekorean:3150 aemacron:1e3 afii00208:2015 afii08941:20a4 afii10017:410 afii10018:411
afii10019:412 afii10020:413 afii10021:414 afii10022:415 afii10023:401 afii10024:416
afii10025:417 afii10026:418 afii10027:419 afii10028:41a afii10029:41b afii10030:41c
afii10031:41d afii10032:41e afii10033:41f afii10034:420 afii10035:421 afii10036:422
afii10037:423 afii10038:424 afii10039:425 afii10040:426 afii10041:427 afii10042:428
afii10043:429 afii10044:42a afii10045:42b afii10046:42c afii10047:42d afii10048:42e
afii10049:42f afii10050:490 afii10051:402 afii10052:403 afii10053:404 afii10054:405
afii10055:406 afii10056:407 afii10057:408 afii10058:409 afii10059:40a afii10060:40b
afii10061:40c afii10062:40e afii10063:f6c4 afii10064:f6c5 afii10065:430 afii10066:431
afii10067:432 afii10068:433 afii10069:434 afii10070:435 afii10071:451 afii10072:436
afii10073:437 afii10074:438 afii10075:439 afii10076:43a afii10077:43b afii10078:43c
afii10079:43d afii10080:43e afii10081:43f afii10082:440 afii10083:441 afii10084:442
afii10085:443 afii10086:444 afii10087:445 afii10088:446 afii10089:447 afii10090:448
afii10091:449 afii10092:44a afii10093:44b afii10094:44c afii10095:44d afii10096:44e
afii10097:44f afii10098:491 afii10099:452 afii10100:453 afii10101:454 afii10102:455
afii10103:456 afii10104:457 afii10105:458 afii10106:459 afii10107:45a afii10108:45b
afii10109:45c afii10110:45e afii10145:40f afii10146:462 afii10147:472 afii10148:474
afii10192:f6c6 afii10193:45f afii10194:463 afii10195:473 afii10196:475 afii10831:f6c7
afii10832:f6c8 afii10846:4d9 afii299:200e afii300:200f afii301:200d afii57381:66a afii57388:60c
afii57392:660 afii57393:661 afii57394:662 afii57395:663 afii57396:664 afii57397:665
afii57398:666 afii57399:667 afii57400:668 afii57401:669 afii57403:61b afii57407:61f
afii57409:621 afii57410:622 afii57411:623 afii57412:624 afii57413:625 afii57414:626
afii57415:627 afii57416:628 afii57417:629 afii57418:62a afii57419:62b afii57420:62c
afii57421:62d afii57422:62e afii57423:62f afii57424:630 afii57425:631 afii57426:632
afii57427:633 afii57428:634 afii57429:635 afii57430:636 afii57431:637 afii57432:638
afii57433:639 afii57434:63a afii57440:640 afii57441:641 afii57442:642 afii57443:643
afii57444:644 afii57445:645 afii57446:646 afii57448:648 afii57449:649 afii57450:64a
afii57451:64b afii57452:64c afii57453:64d afii57454:64e afii57455:64f afii57456:650
afii57457:651 afii57458:652 afii57470:647 afii57505:6a4 afii57506:67e afii57507:686
afii57508:698 afii57509:6af afii57511:679 afii57512:688 afii57513:691 afii57514:6ba
afii57519:6d2 afii57534:6d5 afii57636:20aa afii57645:5be afii57658:5c3 afii57664:5d0
afii57665:5d1 afii57666:5d2 afii57667:5d3 afii57668:5d4 afii57669:5d5 afii57670:5d6
afii57671:5d7 afii57672:5d8 afii57673:5d9 afii57674:5da afii57675:5db afii57676:5dc
afii57677:5dd afii57678:5de afii57679:5df afii57680:5e0 afii57681:5e1 afii57682:5e2
afii57683:5e3 afii57684:5e4 afii57685:5e5 afii57686:5e6 afii57687:5e7 afii57688:5e8
afii57689:5e9 afii57690:5ea afii57694:fb2a afii57695:fb2b afii57700:fb4b afii57705:fb1f
afii57716:5f0 afii57717:5f1 afii57718:5f2 afii57723:fb35 afii57793:5b4 afii57794:5b5
afii57795:5b6 afii57796:5bb afii57797:5b8 afii57798:5b7 afii57799:5b0 afii57800:5b2
afii57801:5b1 afii57802:5b3 afii57803:5c2 afii57804:5c1 afii57806:5b9 afii57807:5bc
afii57839:5bd afii57841:5bf afii57842:5c0 afii57929:2bc afii61248:2105 afii61289:2113
afii61352:2116 afii61573:202c afii61574:202d afii61575:202e afii61664:200c afii63167:66d
afii64937:2bd agrave:e0 agujarati:a85 agurmukhi:a05 ahiragana:3042 ahookabove:1ea3 aibengali:990
aibopomofo:311e aideva:910 aiecyrillic:4d5 aigujarati:a90 aigurmukhi:a10 aimatragurmukhi:a48
ainarabic:639 ainfinalarabic:feca aininitialarabic:fecb ainmedialarabic:fecc ainvertedbreve:203
aivowelsignbengali:9c8 aivowelsigndeva:948 aivowelsigngujarati:ac8 akatakana:30a2
akatakanahalfwidth:ff71 akorean:314f alef:5d0 alefarabic:627 alefdageshhebrew:fb30
aleffinalarabic:fe8e alefhamzaabovearabic:623 alefhamzaabovefinalarabic:fe84
alefhamzabelowarabic:625 alefhamzabelowfinalarabic:fe88 alefhebrew:5d0 aleflamedhebrew:fb4f
alefmaddaabovearabic:622 alefmaddaabovefinalarabic:fe82 alefmaksuraarabic:649
alefmaksurafinalarabic:fef0 alefmaksurainitialarabic:fef3 alefmaksuramedialarabic:fef4
alefpatahhebrew:fb2e alefqamatshebrew:fb2f aleph:2135 allequal:224c alpha:3b1 alphatonos:3ac
amacron:101 amonospace:ff41 ampersand:26 ampersandmonospace:ff06 ampersandsmall:f726
amsquare:33c2 anbopomofo:3122 angbopomofo:3124 angbracketleft:3008 angbracketright:3009
angkhankhuthai:e5a angle:2220 anglebracketleft:3008 anglebracketleftvertical:fe3f
anglebracketright:3009 anglebracketrightvertical:fe40 angleleft:2329 angleright:232a
angstrom:212b anoteleia:387 anudattadeva:952 anusvarabengali:982 anusvaradeva:902
anusvaragujarati:a82 aogonek:105 apaatosquare:3300 aparen:249c apostrophearmenian:55a
apostrophemod:2bc apple:f8ff approaches:2250 approxequal:2248 approxequalorimage:2252
approximatelyequal:2245 araeaekorean:318e araeakorean:318d arc:2312 arighthalfring:1e9a aring:e5
aringacute:1fb aringbelow:1e01 arrowboth:2194 arrowdashdown:21e3 arrowdashleft:21e0
arrowdashright:21e2 arrowdashup:21e1 arrowdblboth:21d4 arrowdbldown:21d3 arrowdblleft:21d0
arrowdblright:21d2 arrowdblup:21d1 arrowdown:2193 arrowdownleft:2199 arrowdownright:2198
arrowdownwhite:21e9 arrowheaddownmod:2c5 arrowheadleftmod:2c2 arrowheadrightmod:2c3
arrowheadupmod:2c4 arrowhorizex:f8e7 arrowleft:2190 arrowleftdbl:21d0 arrowleftdblstroke:21cd
arrowleftoverright:21c6 arrowleftwhite:21e6 arrowright:2192 arrowrightdblstroke:21cf
arrowrightheavy:279e arrowrightoverleft:21c4 arrowrightwhite:21e8 arrowtableft:21e4
arrowtabright:21e5 arrowup:2191 arrowupdn:2195 arrowupdnbse:21a8 arrowupdownbase:21a8
arrowupleft:2196 arrowupleftofdown:21c5 arrowupright:2197 arrowupwhite:21e7 arrowvertex:f8e6
asciicircum:5e asciicircummonospace:ff3e asciitilde:7e asciitildemonospace:ff5e ascript:251
ascriptturned:252 asmallhiragana:3041 asmallkatakana:30a1 asmallkatakanahalfwidth:ff67
asterisk:2a asteriskaltonearabic:66d asteriskarabic:66d asteriskmath:2217 asteriskmonospace:ff0a
asterisksmall:fe61 asterism:2042 asuperior:f6e9 asymptoticallyequal:2243 at:40 atilde:e3
atmonospace:ff20 atsmall:fe6b aturned:250 aubengali:994 aubopomofo:3120 audeva:914
augujarati:a94 augurmukhi:a14 aulengthmarkbengali:9d7 aumatragurmukhi:a4c auvowelsignbengali:9cc
auvowelsigndeva:94c auvowelsigngujarati:acc avagrahadeva:93d aybarmenian:561 ayin:5e2
ayinaltonehebrew:fb20 ayinhebrew:5e2 b:62 babengali:9ac backslash:5c backslashmonospace:ff3c
badeva:92c bagujarati:aac bagurmukhi:a2c bahiragana:3070 bahtthai:e3f bakatakana:30d0 bar:7c
barmonospace:ff5c bbopomofo:3105 bcircle:24d1 bdotaccent:1e03 bdotbelow:1e05
beamedsixteenthnotes:266c because:2235 becyrillic:431 beharabic:628 behfinalarabic:fe90
behinitialarabic:fe91 behiragana:3079 behmedialarabic:fe92 behmeeminitialarabic:fc9f
behmeemisolatedarabic:fc08 behnoonfinalarabic:fc6d bekatakana:30d9 benarmenian:562 bet:5d1
beta:3b2 betasymbolgreek:3d0 betdagesh:fb31 betdageshhebrew:fb31 bethebrew:5d1
betrafehebrew:fb4c bhabengali:9ad bhadeva:92d bhagujarati:aad bhagurmukhi:a2d bhook:253
bihiragana:3073 bikatakana:30d3 bilabialclick:298 bindigurmukhi:a02 birusquare:3331
blackcircle:25cf blackdiamond:25c6 blackdownpointingtriangle:25bc blackleftpointingpointer:25c4
blackleftpointingtriangle:25c0 blacklenticularbracketleft:3010
blacklenticularbracketleftvertical:fe3b blacklenticularbracketright:3011
blacklenticularbracketrightvertical:fe3c blacklowerlefttriangle:25e3
blacklowerrighttriangle:25e2 blackrectangle:25ac blackrightpointingpointer:25ba
blackrightpointingtriangle:25b6 blacksmallsquare:25aa blacksmilingface:263b blacksquare:25a0
blackstar:2605 blackupperlefttriangle:25e4 blackupperrighttriangle:25e5
blackuppointingsmalltriangle:25b4 blackuppointingtriangle:25b2 blank:2423 blinebelow:1e07
block:2588 bmonospace:ff42 bobaimaithai:e1a bohiragana:307c bokatakana:30dc bparen:249d
bqsquare:33c3 braceex:f8f4 braceleft:7b braceleftbt:f8f3 braceleftmid:f8f2
braceleftmonospace:ff5b braceleftsmall:fe5b bracelefttp:f8f1 braceleftvertical:fe37
braceright:7d bracerightbt:f8fe bracerightmid:f8fd bracerightmonospace:ff5d bracerightsmall:fe5c
bracerighttp:f8fc bracerightvertical:fe38 bracketleft:5b bracketleftbt:f8f0 bracketleftex:f8ef
bracketleftmonospace:ff3b bracketlefttp:f8ee bracketright:5d bracketrightbt:f8fb
bracketrightex:f8fa bracketrightmonospace:ff3d bracketrighttp:f8f9 breve:2d8 brevebelowcmb:32e
brevecmb:306 breveinvertedbelowcmb:32f breveinvertedcmb:311 breveinverteddoublecmb:361
bridgebelowcmb:32a bridgeinvertedbelowcmb:33a brokenbar:a6 bstroke:180 bsuperior:f6ea
btopbar:183 buhiragana:3076 bukatakana:30d6 bullet:2022 bulletinverse:25d8 bulletoperator:2219
bullseye:25ce c:63 caarmenian:56e cabengali:99a cacute:107 cadeva:91a cagujarati:a9a
cagurmukhi:a1a calsquare:3388 candrabindubengali:981 candrabinducmb:310 candrabindudeva:901
candrabindugujarati:a81 capslock:21ea careof:2105 caron:2c7 caronbelowcmb:32c caroncmb:30c
carriagereturn:21b5 cbopomofo:3118 ccaron:10d ccedilla:e7 ccedillaacute:1e09 ccircle:24d2
ccircumflex:109 ccurl:255 cdot:10b cdotaccent:10b cdsquare:33c5 cedilla:b8 cedillacmb:327
cent:a2 centigrade:2103 centinferior:f6df centmonospace:ffe0 centoldstyle:f7a2 centsuperior:f6e0
chaarmenian:579 chabengali:99b chadeva:91b chagujarati:a9b chagurmukhi:a1b chbopomofo:3114
cheabkhasiancyrillic:4bd checkmark:2713 checyrillic:447 chedescenderabkhasiancyrillic:4bf
chedescendercyrillic:4b7 chedieresiscyrillic:4f5 cheharmenian:573 chekhakassiancyrillic:4cc
cheverticalstrokecyrillic:4b9 chi:3c7 chieuchacirclekorean:3277 chieuchaparenkorean:3217
chieuchcirclekorean:3269 chieuchkorean:314a chieuchparenkorean:3209 chochangthai:e0a
chochanthai:e08 chochingthai:e09 chochoethai:e0c chook:188 cieucacirclekorean:3276
cieucaparenkorean:3216 cieuccirclekorean:3268 cieuckorean:3148 cieucparenkorean:3208
cieucuparenkorean:321c circle:25cb circlecopyrt:a9 circlemultiply:2297 circleot:2299
circleplus:2295 circlepostalmark:3036 circlewithlefthalfblack:25d0 circlewithrighthalfblack:25d1
circumflex:2c6 circumflexbelowcmb:32d circumflexcmb:302 clear:2327 clickalveolar:1c2
clickdental:1c0 clicklateral:1c1 clickretroflex:1c3 club:2663 clubsuitblack:2663
clubsuitwhite:2667 cmcubedsquare:33a4 cmonospace:ff43 cmsquaredsquare:33a0 coarmenian:581
colon:3a colonmonetary:20a1 colonmonospace:ff1a colonsign:20a1 colonsmall:fe55
colontriangularhalfmod:2d1 colontriangularmod:2d0 comma:2c commaabovecmb:313
commaaboverightcmb:315 commaaccent:f6c3 commaarabic:60c commaarmenian:55d commainferior:f6e1
commamonospace:ff0c commareversedabovecmb:314 commareversedmod:2bd commasmall:fe50
commasuperior:f6e2 commaturnedabovecmb:312 commaturnedmod:2bb compass:263c congruent:2245
contourintegral:222e control:2303 controlACK:6 controlBEL:7 controlBS:8 controlCAN:18
controlCR:d controlDC1:11 controlDC2:12 controlDC3:13 controlDC4:14 controlDEL:7f controlDLE:10
controlEM:19 controlENQ:5 controlEOT:4 controlESC:1b controlETB:17 controlETX:3 controlFF:c
controlFS:1c controlGS:1d controlHT:9 controlLF:a controlNAK:15 controlNULL:0 controlRS:1e
controlSI:f controlSO:e controlSOT:2 controlSTX:1 controlSUB:1a controlSYN:16 controlUS:1f
controlVT:b copyright:a9 copyrightsans:f8e9 copyrightserif:f6d9 cornerbracketleft:300c
cornerbracketlefthalfwidth:ff62 cornerbracketleftvertical:fe41 cornerbracketright:300d
cornerbracketrighthalfwidth:ff63 cornerbracketrightvertical:fe42 corporationsquare:337f
cosquare:33c7 coverkgsquare:33c6 cparen:249e cruzeiro:20a2 cstretched:297 curlyand:22cf
curlyor:22ce currency:a4 cyrBreve:f6d1 cyrFlex:f6d2 cyrbreve:f6d4 cyrflex:f6d5 d:64
daarmenian:564 dabengali:9a6 dadarabic:636 dadeva:926 dadfinalarabic:febe dadinitialarabic:febf
dadmedialarabic:fec0 dagesh:5bc dageshhebrew:5bc dagger:2020 daggerdbl:2021 dagujarati:aa6
dagurmukhi:a26 dahiragana:3060 dakatakana:30c0 dalarabic:62f dalet:5d3 daletdagesh:fb33
daletdageshhebrew:fb33 dalethebrew:5d3 dalfinalarabic:feaa dammaarabic:64f dammalowarabic:64f
dammatanaltonearabic:64c dammatanarabic:64c danda:964 dargahebrew:5a7 dargalefthebrew:5a7
dasiapneumatacyrilliccmb:485 dblGrave:f6d3 dblanglebracketleft:300a
dblanglebracketleftvertical:fe3d dblanglebracketright:300b dblanglebracketrightvertical:fe3e
dblarchinvertedbelowcmb:32b dblarrowleft:21d4 dblarrowright:21d2 dbldanda:965 dblgrave:f6d6
dblgravecmb:30f dblintegral:222c dbllowline:2017 dbllowlinecmb:333 dbloverlinecmb:33f
dblprimemod:2ba dblverticalbar:2016 dblverticallineabovecmb:30e dbopomofo:3109 dbsquare:33c8
dcaron:10f dcedilla:1e11 dcircle:24d3 dcircumflexbelow:1e13 dcroat:111 ddabengali:9a1
ddadeva:921 ddagujarati:aa1 ddagurmukhi:a21 ddalarabic:688 ddalfinalarabic:fb89 dddhadeva:95c
ddhabengali:9a2 ddhadeva:922 ddhagujarati:aa2 ddhagurmukhi:a22 ddotaccent:1e0b ddotbelow:1e0d
decimalseparatorarabic:66b decimalseparatorpersian:66b decyrillic:434 degree:b0 dehihebrew:5ad
dehiragana:3067 deicoptic:3ef dekatakana:30c7 deleteleft:232b deleteright:2326 delta:3b4
deltaturned:18d denominatorminusonenumeratorbengali:9f8 dezh:2a4 dhabengali:9a7 dhadeva:927
dhagujarati:aa7 dhagurmukhi:a27 dhook:257 dialytikatonos:385 dialytikatonoscmb:344 diamond:2666
diamondsuitwhite:2662 dieresis:a8 dieresisacute:f6d7 dieresisbelowcmb:324 dieresiscmb:308
dieresisgrave:f6d8 dieresistonos:385 dihiragana:3062 dikatakana:30c2 dittomark:3003 divide:f7
divides:2223 divisionslash:2215 djecyrillic:452 dkshade:2593 dlinebelow:1e0f dlsquare:3397
dmacron:111 dmonospace:ff44 dnblock:2584 dochadathai:e0e dodekthai:e14 dohiragana:3069
dokatakana:30c9 dollar:24 dollarinferior:f6e3 dollarmonospace:ff04 dollaroldstyle:f724
dollarsmall:fe69 dollarsuperior:f6e4 dong:20ab dorusquare:3326 dotaccent:2d9 dotaccentcmb:307
dotbelowcmb:323 dotbelowcomb:323 dotkatakana:30fb dotlessi:131 dotlessj:f6be
dotlessjstrokehook:284 dotmath:22c5 dottedcircle:25cc doubleyodpatah:fb1f
doubleyodpatahhebrew:fb1f downtackbelowcmb:31e downtackmod:2d5 dparen:249f dsuperior:f6eb
dtail:256 dtopbar:18c duhiragana:3065 dukatakana:30c5 dz:1f3 dzaltone:2a3 dzcaron:1c6 dzcurl:2a5
dzeabkhasiancyrillic:4e1 dzecyrillic:455 dzhecyrillic:45f e:65 eacute:e9 earth:2641 ebengali:98f
ebopomofo:311c ebreve:115 ecandradeva:90d ecandragujarati:a8d ecandravowelsigndeva:945
ecandravowelsigngujarati:ac5 ecaron:11b ecedillabreve:1e1d echarmenian:565 echyiwnarmenian:587
ecircle:24d4 ecircumflex:ea ecircumflexacute:1ebf ecircumflexbelow:1e19 ecircumflexdotbelow:1ec7
ecircumflexgrave:1ec1 ecircumflexhookabove:1ec3 ecircumflextilde:1ec5 ecyrillic:454
edblgrave:205 edeva:90f edieresis:eb edot:117 edotaccent:117 edotbelow:1eb9 eegurmukhi:a0f
eematragurmukhi:a47 efcyrillic:444 egrave:e8 egujarati:a8f eharmenian:567 ehbopomofo:311d
ehiragana:3048 ehookabove:1ebb eibopomofo:311f eight:38 eightarabic:668 eightbengali:9ee
eightcircle:2467 eightcircleinversesansserif:2791 eightdeva:96e eighteencircle:2471
eighteenparen:2485 eighteenperiod:2499 eightgujarati:aee eightgurmukhi:a6e eighthackarabic:668
eighthangzhou:3028 eighthnotebeamed:266b eightideographicparen:3227 eightinferior:2088
eightmonospace:ff18 eightoldstyle:f738 eightparen:247b eightperiod:248f eightpersian:6f8
eightroman:2177 eightsuperior:2078 eightthai:e58 einvertedbreve:207 eiotifiedcyrillic:465
ekatakana:30a8 ekatakanahalfwidth:ff74 ekonkargurmukhi:a74 ekorean:3154 elcyrillic:43b
element:2208 elevencircle:246a elevenparen:247e elevenperiod:2492 elevenroman:217a ellipsis:2026
ellipsisvertical:22ee emacron:113 emacronacute:1e17 emacrongrave:1e15 emcyrillic:43c emdash:2014
emdashvertical:fe31 emonospace:ff45 emphasismarkarmenian:55b emptyset:2205 enbopomofo:3123
encyrillic:43d endash:2013 endashvertical:fe32 endescendercyrillic:4a3 eng:14b engbopomofo:3125
enghecyrillic:4a5 enhookcyrillic:4c8 enspace:2002 eogonek:119 eokorean:3153 eopen:25b
eopenclosed:29a eopenreversed:25c eopenreversedclosed:25e eopenreversedhook:25d eparen:24a0
epsilon:3b5 epsilontonos:3ad equal:3d equalmonospace:ff1d equalsmall:fe66 equalsuperior:207c
equivalence:2261 erbopomofo:3126 ercyrillic:440 ereversed:258 ereversedcyrillic:44d
escyrillic:441 esdescendercyrillic:4ab esh:283 eshcurl:286 eshortdeva:90e
eshortvowelsigndeva:946 eshreversedloop:1aa eshsquatreversed:285 esmallhiragana:3047
esmallkatakana:30a7 esmallkatakanahalfwidth:ff6a estimated:212e esuperior:f6ec eta:3b7
etarmenian:568 etatonos:3ae eth:f0 etilde:1ebd etildebelow:1e1b etnahtafoukhhebrew:591
etnahtafoukhlefthebrew:591 etnahtahebrew:591 etnahtalefthebrew:591 eturned:1dd eukorean:3161
euro:20ac evowelsignbengali:9c7 evowelsigndeva:947 evowelsigngujarati:ac7 exclam:21
exclamarmenian:55c exclamdbl:203c exclamdown:a1 exclamdownsmall:f7a1 exclammonospace:ff01
exclamsmall:f721 existential:2203 ezh:292 ezhcaron:1ef ezhcurl:293 ezhreversed:1b9 ezhtail:1ba
f:66 fadeva:95e fagurmukhi:a5e fahrenheit:2109 fathaarabic:64e fathalowarabic:64e
fathatanarabic:64b fbopomofo:3108 fcircle:24d5 fdotaccent:1e1f feharabic:641 feharmenian:586
fehfinalarabic:fed2 fehinitialarabic:fed3 fehmedialarabic:fed4 feicoptic:3e5 female:2640 ff:fb00
f_f:fb00 ffi:fb03 f_f_i:fb03 ffl:fb04 f_f_l:fb04 fi:fb01 f_i:fb01 fifteencircle:246e
fifteenparen:2482 fifteenperiod:2496 figuredash:2012 filledbox:25a0 filledrect:25ac finalkaf:5da
finalkafdagesh:fb3a finalkafdageshhebrew:fb3a finalkafhebrew:5da finalmem:5dd finalmemhebrew:5dd
finalnun:5df finalnunhebrew:5df finalpe:5e3 finalpehebrew:5e3 finaltsadi:5e5
finaltsadihebrew:5e5 firsttonechinese:2c9 fisheye:25c9 fitacyrillic:473 five:35 fivearabic:665
fivebengali:9eb fivecircle:2464 fivecircleinversesansserif:278e fivedeva:96b fiveeighths:215d
fivegujarati:aeb fivegurmukhi:a6b fivehackarabic:665 fivehangzhou:3025 fiveideographicparen:3224
fiveinferior:2085 fivemonospace:ff15 fiveoldstyle:f735 fiveparen:2478 fiveperiod:248c
fivepersian:6f5 fiveroman:2174 fivesuperior:2075 fivethai:e55 fl:fb02 f_l:fb02 florin:192
fmonospace:ff46 fmsquare:3399 fofanthai:e1f fofathai:e1d fongmanthai:e4f forall:2200 four:34
fourarabic:664 fourbengali:9ea fourcircle:2463 fourcircleinversesansserif:278d fourdeva:96a
fourgujarati:aea fourgurmukhi:a6a fourhackarabic:664 fourhangzhou:3024 fourideographicparen:3223
fourinferior:2084 fourmonospace:ff14 fournumeratorbengali:9f7 fouroldstyle:f734 fourparen:2477
fourperiod:248b fourpersian:6f4 fourroman:2173 foursuperior:2074 fourteencircle:246d
fourteenparen:2481 fourteenperiod:2495 fourthai:e54 fourthtonechinese:2cb fparen:24a1
fraction:2044 franc:20a3 g:67 gabengali:997 gacute:1f5 gadeva:917 gafarabic:6af
gaffinalarabic:fb93 gafinitialarabic:fb94 gafmedialarabic:fb95 gagujarati:a97 gagurmukhi:a17
gahiragana:304c gakatakana:30ac gamma:3b3 gammalatinsmall:263 gammasuperior:2e0 gangiacoptic:3eb
gbopomofo:310d gbreve:11f gcaron:1e7 gcedilla:123 gcircle:24d6 gcircumflex:11d gcommaaccent:123
gdot:121 gdotaccent:121 gecyrillic:433 gehiragana:3052 gekatakana:30b2 geometricallyequal:2251
gereshaccenthebrew:59c gereshhebrew:5f3 gereshmuqdamhebrew:59d germandbls:df
gershayimaccenthebrew:59e gershayimhebrew:5f4 getamark:3013 ghabengali:998 ghadarmenian:572
ghadeva:918 ghagujarati:a98 ghagurmukhi:a18 ghainarabic:63a ghainfinalarabic:fece
ghaininitialarabic:fecf ghainmedialarabic:fed0 ghemiddlehookcyrillic:495 ghestrokecyrillic:493
gheupturncyrillic:491 ghhadeva:95a ghhagurmukhi:a5a ghook:260 ghzsquare:3393 gihiragana:304e
gikatakana:30ae gimarmenian:563 gimel:5d2 gimeldagesh:fb32 gimeldageshhebrew:fb32
gimelhebrew:5d2 gjecyrillic:453 glottalinvertedstroke:1be glottalstop:294
glottalstopinverted:296 glottalstopmod:2c0 glottalstopreversed:295 glottalstopreversedmod:2c1
glottalstopreversedsuperior:2e4 glottalstopstroke:2a1 glottalstopstrokereversed:2a2 gmacron:1e21
gmonospace:ff47 gohiragana:3054 gokatakana:30b4 gparen:24a2 gpasquare:33ac gradient:2207
grave:60 gravebelowcmb:316 gravecmb:300 gravecomb:300 gravedeva:953 gravelowmod:2ce
gravemonospace:ff40 gravetonecmb:340 greater:3e greaterequal:2265 greaterequalorless:22db
greatermonospace:ff1e greaterorequivalent:2273 greaterorless:2277 greateroverequal:2267
greatersmall:fe65 gscript:261 gstroke:1e5 guhiragana:3050 guillemotleft:ab guillemotright:bb
guilsinglleft:2039 guilsinglright:203a gukatakana:30b0 guramusquare:3318 gysquare:33c9 h:68
haabkhasiancyrillic:4a9 haaltonearabic:6c1 habengali:9b9 hadescendercyrillic:4b3 hadeva:939
hagujarati:ab9 hagurmukhi:a39 haharabic:62d hahfinalarabic:fea2 hahinitialarabic:fea3
hahiragana:306f hahmedialarabic:fea4 haitusquare:332a hakatakana:30cf hakatakanahalfwidth:ff8a
halantgurmukhi:a4d hamzaarabic:621 hamzalowarabic:621 hangulfiller:3164 hardsigncyrillic:44a
harpoonleftbarbup:21bc harpoonrightbarbup:21c0 hasquare:33ca hatafpatah:5b2 hatafpatah16:5b2
hatafpatah23:5b2 hatafpatah2f:5b2 hatafpatahhebrew:5b2 hatafpatahnarrowhebrew:5b2
hatafpatahquarterhebrew:5b2 hatafpatahwidehebrew:5b2 hatafqamats:5b3 hatafqamats1b:5b3
hatafqamats28:5b3 hatafqamats34:5b3 hatafqamatshebrew:5b3 hatafqamatsnarrowhebrew:5b3
hatafqamatsquarterhebrew:5b3 hatafqamatswidehebrew:5b3 hatafsegol:5b1 hatafsegol17:5b1
hatafsegol24:5b1 hatafsegol30:5b1 hatafsegolhebrew:5b1 hatafsegolnarrowhebrew:5b1
hatafsegolquarterhebrew:5b1 hatafsegolwidehebrew:5b1 hbar:127 hbopomofo:310f hbrevebelow:1e2b
hcedilla:1e29 hcircle:24d7 hcircumflex:125 hdieresis:1e27 hdotaccent:1e23 hdotbelow:1e25 he:5d4
heart:2665 heartsuitblack:2665 heartsuitwhite:2661 hedagesh:fb34 hedageshhebrew:fb34
hehaltonearabic:6c1 heharabic:647 hehebrew:5d4 hehfinalaltonearabic:fba7
hehfinalalttwoarabic:feea hehfinalarabic:feea hehhamzaabovefinalarabic:fba5
hehhamzaaboveisolatedarabic:fba4 hehinitialaltonearabic:fba8 hehinitialarabic:feeb
hehiragana:3078 hehmedialaltonearabic:fba9 hehmedialarabic:feec heiseierasquare:337b
hekatakana:30d8 hekatakanahalfwidth:ff8d hekutaarusquare:3336 henghook:267 herutusquare:3339
het:5d7 hethebrew:5d7 hhook:266 hhooksuperior:2b1 hieuhacirclekorean:327b hieuhaparenkorean:321b
hieuhcirclekorean:326d hieuhkorean:314e hieuhparenkorean:320d hihiragana:3072 hikatakana:30d2
hikatakanahalfwidth:ff8b hiriq:5b4 hiriq14:5b4 hiriq21:5b4 hiriq2d:5b4 hiriqhebrew:5b4
hiriqnarrowhebrew:5b4 hiriqquarterhebrew:5b4 hiriqwidehebrew:5b4 hlinebelow:1e96 hmonospace:ff48
hoarmenian:570 hohipthai:e2b hohiragana:307b hokatakana:30db hokatakanahalfwidth:ff8e holam:5b9
holam19:5b9 holam26:5b9 holam32:5b9 holamhebrew:5b9 holamnarrowhebrew:5b9 holamquarterhebrew:5b9
holamwidehebrew:5b9 honokhukthai:e2e hookabovecomb:309 hookcmb:309 hookpalatalizedbelowcmb:321
hookretroflexbelowcmb:322 hoonsquare:3342 horicoptic:3e9 horizontalbar:2015 horncmb:31b
hotsprings:2668 house:2302 hparen:24a3 hsuperior:2b0 hturned:265 huhiragana:3075
huiitosquare:3333 hukatakana:30d5 hukatakanahalfwidth:ff8c hungarumlaut:2dd hungarumlautcmb:30b
hv:195 hyphen:2d hypheninferior:f6e5 hyphenmonospace:ff0d hyphensmall:fe63 hyphensuperior:f6e6
hyphentwo:2010 i:69 iacute:ed iacyrillic:44f ibengali:987 ibopomofo:3127 ibreve:12d icaron:1d0
icircle:24d8 icircumflex:ee icyrillic:456 idblgrave:209 ideographearthcircle:328f
ideographfirecircle:328b ideographicallianceparen:323f ideographiccallparen:323a
ideographiccentrecircle:32a5 ideographicclose:3006 ideographiccomma:3001
ideographiccommaleft:ff64 ideographiccongratulationparen:3237 ideographiccorrectcircle:32a3
ideographicearthparen:322f ideographicenterpriseparen:323d ideographicexcellentcircle:329d
ideographicfestivalparen:3240 ideographicfinancialcircle:3296 ideographicfinancialparen:3236
ideographicfireparen:322b ideographichaveparen:3232 ideographichighcircle:32a4
ideographiciterationmark:3005 ideographiclaborcircle:3298 ideographiclaborparen:3238
ideographicleftcircle:32a7 ideographiclowcircle:32a6 ideographicmedicinecircle:32a9
ideographicmetalparen:322e ideographicmoonparen:322a ideographicnameparen:3234
ideographicperiod:3002 ideographicprintcircle:329e ideographicreachparen:3243
ideographicrepresentparen:3239 ideographicresourceparen:323e ideographicrightcircle:32a8
ideographicsecretcircle:3299 ideographicselfparen:3242 ideographicsocietyparen:3233
ideographicspace:3000 ideographicspecialparen:3235 ideographicstockparen:3231
ideographicstudyparen:323b ideographicsunparen:3230 ideographicsuperviseparen:323c
ideographicwaterparen:322c ideographicwoodparen:322d ideographiczero:3007
ideographmetalcircle:328e ideographmooncircle:328a ideographnamecircle:3294
ideographsuncircle:3290 ideographwatercircle:328c ideographwoodcircle:328d ideva:907
idieresis:ef idieresisacute:1e2f idieresiscyrillic:4e5 idotbelow:1ecb iebrevecyrillic:4d7
iecyrillic:435 ieungacirclekorean:3275 ieungaparenkorean:3215 ieungcirclekorean:3267
ieungkorean:3147 ieungparenkorean:3207 igrave:ec igujarati:a87 igurmukhi:a07 ihiragana:3044
ihookabove:1ec9 iibengali:988 iicyrillic:438 iideva:908 iigujarati:a88 iigurmukhi:a08
iimatragurmukhi:a40 iinvertedbreve:20b iishortcyrillic:439 iivowelsignbengali:9c0
iivowelsigndeva:940 iivowelsigngujarati:ac0 ij:133 ikatakana:30a4 ikatakanahalfwidth:ff72
ikorean:3163 ilde:2dc iluyhebrew:5ac imacron:12b imacroncyrillic:4e3
imageorapproximatelyequal:2253 imatragurmukhi:a3f imonospace:ff49 increment:2206 infinity:221e
iniarmenian:56b integral:222b integralbottom:2321 integralbt:2321 integralex:f8f5
integraltop:2320 integraltp:2320 intersection:2229 intisquare:3305 invbullet:25d8 invcircle:25d9
invsmileface:263b iocyrillic:451 iogonek:12f iota:3b9 iotadieresis:3ca iotadieresistonos:390
iotalatin:269 iotatonos:3af iparen:24a4 irigurmukhi:a72 ismallhiragana:3043 ismallkatakana:30a3
ismallkatakanahalfwidth:ff68 issharbengali:9fa istroke:268 isuperior:f6ed iterationhiragana:309d
iterationkatakana:30fd itilde:129 itildebelow:1e2d iubopomofo:3129 iucyrillic:44e
ivowelsignbengali:9bf ivowelsigndeva:93f ivowelsigngujarati:abf izhitsacyrillic:475
izhitsadblgravecyrillic:477 j:6a jaarmenian:571 jabengali:99c jadeva:91c jagujarati:a9c
jagurmukhi:a1c jbopomofo:3110 jcaron:1f0 jcircle:24d9 jcircumflex:135 jcrossedtail:29d
jdotlessstroke:25f jecyrillic:458 jeemarabic:62c jeemfinalarabic:fe9e jeeminitialarabic:fe9f
jeemmedialarabic:fea0 jeharabic:698 jehfinalarabic:fb8b jhabengali:99d jhadeva:91d
jhagujarati:a9d jhagurmukhi:a1d jheharmenian:57b jis:3004 jmonospace:ff4a jparen:24a5
jsuperior:2b2 k:6b kabashkircyrillic:4a1 kabengali:995 kacute:1e31 kacyrillic:43a
kadescendercyrillic:49b kadeva:915 kaf:5db kafarabic:643 kafdagesh:fb3b kafdageshhebrew:fb3b
kaffinalarabic:feda kafhebrew:5db kafinitialarabic:fedb kafmedialarabic:fedc kafrafehebrew:fb4d
kagujarati:a95 kagurmukhi:a15 kahiragana:304b kahookcyrillic:4c4 kakatakana:30ab
kakatakanahalfwidth:ff76 kappa:3ba kappasymbolgreek:3f0 kapyeounmieumkorean:3171
kapyeounphieuphkorean:3184 kapyeounpieupkorean:3178 kapyeounssangpieupkorean:3179
karoriisquare:330d kashidaautoarabic:640 kashidaautonosidebearingarabic:640 kasmallkatakana:30f5
kasquare:3384 kasraarabic:650 kasratanarabic:64d kastrokecyrillic:49f
katahiraprolongmarkhalfwidth:ff70 kaverticalstrokecyrillic:49d kbopomofo:310e kcalsquare:3389
kcaron:1e9 kcedilla:137 kcircle:24da kcommaaccent:137 kdotbelow:1e33 keharmenian:584
kehiragana:3051 kekatakana:30b1 kekatakanahalfwidth:ff79 kenarmenian:56f kesmallkatakana:30f6
kgreenlandic:138 khabengali:996 khacyrillic:445 khadeva:916 khagujarati:a96 khagurmukhi:a16
khaharabic:62e khahfinalarabic:fea6 khahinitialarabic:fea7 khahmedialarabic:fea8 kheicoptic:3e7
khhadeva:959 khhagurmukhi:a59 khieukhacirclekorean:3278 khieukhaparenkorean:3218
khieukhcirclekorean:326a khieukhkorean:314b khieukhparenkorean:320a khokhaithai:e02
khokhonthai:e05 khokhuatthai:e03 khokhwaithai:e04 khomutthai:e5b khook:199 khorakhangthai:e06
khzsquare:3391 kihiragana:304d kikatakana:30ad kikatakanahalfwidth:ff77 kiroguramusquare:3315
kiromeetorusquare:3316 kirosquare:3314 kiyeokacirclekorean:326e kiyeokaparenkorean:320e
kiyeokcirclekorean:3260 kiyeokkorean:3131 kiyeokparenkorean:3200 kiyeoksioskorean:3133
kjecyrillic:45c klinebelow:1e35 klsquare:3398 kmcubedsquare:33a6 kmonospace:ff4b
kmsquaredsquare:33a2 kohiragana:3053 kohmsquare:33c0 kokaithai:e01 kokatakana:30b3
kokatakanahalfwidth:ff7a kooposquare:331e koppacyrillic:481 koreanstandardsymbol:327f
koroniscmb:343 kparen:24a6 kpasquare:33aa ksicyrillic:46f ktsquare:33cf kturned:29e
kuhiragana:304f kukatakana:30af kukatakanahalfwidth:ff78 kvsquare:33b8 kwsquare:33be l:6c
labengali:9b2 lacute:13a ladeva:932 lagujarati:ab2 lagurmukhi:a32 lakkhangyaothai:e45
lamaleffinalarabic:fefc lamalefhamzaabovefinalarabic:fef8 lamalefhamzaaboveisolatedarabic:fef7
lamalefhamzabelowfinalarabic:fefa lamalefhamzabelowisolatedarabic:fef9
lamalefisolatedarabic:fefb lamalefmaddaabovefinalarabic:fef6
lamalefmaddaaboveisolatedarabic:fef5 lamarabic:644 lambda:3bb lambdastroke:19b lamed:5dc
lameddagesh:fb3c lameddageshhebrew:fb3c lamedhebrew:5dc lamfinalarabic:fede
lamhahinitialarabic:fcca laminitialarabic:fedf lamjeeminitialarabic:fcc9
lamkhahinitialarabic:fccb lamlamhehisolatedarabic:fdf2 lammedialarabic:fee0
lammeemhahinitialarabic:fd88 lammeeminitialarabic:fccc largecircle:25ef lbar:19a lbelt:26c
lbopomofo:310c lcaron:13e lcedilla:13c lcircle:24db lcircumflexbelow:1e3d lcommaaccent:13c
ldot:140 ldotaccent:140 ldotbelow:1e37 ldotbelowmacron:1e39 leftangleabovecmb:31a
lefttackbelowcmb:318 less:3c lessequal:2264 lessequalorgreater:22da lessmonospace:ff1c
lessorequivalent:2272 lessorgreater:2276 lessoverequal:2266 lesssmall:fe64 lezh:26e lfblock:258c
lhookretroflex:26d lira:20a4 liwnarmenian:56c lj:1c9 ljecyrillic:459 ll:f6c0 lladeva:933
llagujarati:ab3 llinebelow:1e3b llladeva:934 llvocalicbengali:9e1 llvocalicdeva:961
llvocalicvowelsignbengali:9e3 llvocalicvowelsigndeva:963 lmiddletilde:26b lmonospace:ff4c
lmsquare:33d0 lochulathai:e2c logicaland:2227 logicalnot:ac logicalnotreversed:2310
logicalor:2228 lolingthai:e25 longs:17f lowlinecenterline:fe4e lowlinecmb:332 lowlinedashed:fe4d
lozenge:25ca lparen:24a7 lslash:142 lsquare:2113 lsuperior:f6ee ltshade:2591 luthai:e26
lvocalicbengali:98c lvocalicdeva:90c lvocalicvowelsignbengali:9e2 lvocalicvowelsigndeva:962
lxsquare:33d3 m:6d mabengali:9ae macron:af macronbelowcmb:331 macroncmb:304 macronlowmod:2cd
macronmonospace:ffe3 macute:1e3f madeva:92e magujarati:aae magurmukhi:a2e mahapakhhebrew:5a4
mahapakhlefthebrew:5a4 mahiragana:307e maichattawalowleftthai:f895 maichattawalowrightthai:f894
maichattawathai:e4b maichattawaupperleftthai:f893 maieklowleftthai:f88c maieklowrightthai:f88b
maiekthai:e48 maiekupperleftthai:f88a maihanakatleftthai:f884 maihanakatthai:e31
maitaikhuleftthai:f889 maitaikhuthai:e47 maitholowleftthai:f88f maitholowrightthai:f88e
maithothai:e49 maithoupperleftthai:f88d maitrilowleftthai:f892 maitrilowrightthai:f891
maitrithai:e4a maitriupperleftthai:f890 maiyamokthai:e46 makatakana:30de
makatakanahalfwidth:ff8f male:2642 mansyonsquare:3347 maqafhebrew:5be mars:2642
masoracirclehebrew:5af masquare:3383 mbopomofo:3107 mbsquare:33d4 mcircle:24dc mcubedsquare:33a5
mdotaccent:1e41 mdotbelow:1e43 meemarabic:645 meemfinalarabic:fee2 meeminitialarabic:fee3
meemmedialarabic:fee4 meemmeeminitialarabic:fcd1 meemmeemisolatedarabic:fc48 meetorusquare:334d
mehiragana:3081 meizierasquare:337e mekatakana:30e1 mekatakanahalfwidth:ff92 mem:5de
memdagesh:fb3e memdageshhebrew:fb3e memhebrew:5de menarmenian:574 merkhahebrew:5a5
merkhakefulahebrew:5a6 merkhakefulalefthebrew:5a6 merkhalefthebrew:5a5 mhook:271 mhzsquare:3392
middledotkatakanahalfwidth:ff65 middot:b7 mieumacirclekorean:3272 mieumaparenkorean:3212
mieumcirclekorean:3264 mieumkorean:3141 mieumpansioskorean:3170 mieumparenkorean:3204
mieumpieupkorean:316e mieumsioskorean:316f mihiragana:307f mikatakana:30df
mikatakanahalfwidth:ff90 minus:2212 minusbelowcmb:320 minuscircle:2296 minusmod:2d7
minusplus:2213 minute:2032 miribaarusquare:334a mirisquare:3349 mlonglegturned:270 mlsquare:3396
mmcubedsquare:33a3 mmonospace:ff4d mmsquaredsquare:339f mohiragana:3082 mohmsquare:33c1
mokatakana:30e2 mokatakanahalfwidth:ff93 molsquare:33d6 momathai:e21 moverssquare:33a7
moverssquaredsquare:33a8 mparen:24a8 mpasquare:33ab mssquare:33b3 msuperior:f6ef mturned:26f
mu:b5 mu1:b5 muasquare:3382 muchgreater:226b muchless:226a mufsquare:338c mugreek:3bc
mugsquare:338d muhiragana:3080 mukatakana:30e0 mukatakanahalfwidth:ff91 mulsquare:3395
multiply:d7 mumsquare:339b munahhebrew:5a3 munahlefthebrew:5a3 musicalnote:266a
musicalnotedbl:266b musicflatsign:266d musicsharpsign:266f mussquare:33b2 muvsquare:33b6
muwsquare:33bc mvmegasquare:33b9 mvsquare:33b7 mwmegasquare:33bf mwsquare:33bd n:6e
nabengali:9a8 nabla:2207 nacute:144 nadeva:928 nagujarati:aa8 nagurmukhi:a28 nahiragana:306a
nakatakana:30ca nakatakanahalfwidth:ff85 napostrophe:149 nasquare:3381 nbopomofo:310b nbspace:a0
ncaron:148 ncedilla:146 ncircle:24dd ncircumflexbelow:1e4b ncommaaccent:146 ndotaccent:1e45
ndotbelow:1e47 nehiragana:306d nekatakana:30cd nekatakanahalfwidth:ff88 newsheqelsign:20aa
nfsquare:338b ngabengali:999 ngadeva:919 ngagujarati:a99 ngagurmukhi:a19 ngonguthai:e07
nhiragana:3093 nhookleft:272 nhookretroflex:273 nieunacirclekorean:326f nieunaparenkorean:320f
nieuncieuckorean:3135 nieuncirclekorean:3261 nieunhieuhkorean:3136 nieunkorean:3134
nieunpansioskorean:3168 nieunparenkorean:3201 nieunsioskorean:3167 nieuntikeutkorean:3166
nihiragana:306b nikatakana:30cb nikatakanahalfwidth:ff86 nikhahitleftthai:f899 nikhahitthai:e4d
nine:39 ninearabic:669 ninebengali:9ef ninecircle:2468 ninecircleinversesansserif:2792
ninedeva:96f ninegujarati:aef ninegurmukhi:a6f ninehackarabic:669 ninehangzhou:3029
nineideographicparen:3228 nineinferior:2089 ninemonospace:ff19 nineoldstyle:f739 nineparen:247c
nineperiod:2490 ninepersian:6f9 nineroman:2178 ninesuperior:2079 nineteencircle:2472
nineteenparen:2486 nineteenperiod:249a ninethai:e59 nj:1cc njecyrillic:45a nkatakana:30f3
nkatakanahalfwidth:ff9d nlegrightlong:19e nlinebelow:1e49 nmonospace:ff4e nmsquare:339a
nnabengali:9a3 nnadeva:923 nnagujarati:aa3 nnagurmukhi:a23 nnnadeva:929 nohiragana:306e
nokatakana:30ce nokatakanahalfwidth:ff89 nonbreakingspace:a0 nonenthai:e13 nonuthai:e19
noonarabic:646 noonfinalarabic:fee6 noonghunnaarabic:6ba noonghunnafinalarabic:fb9f
nooninitialarabic:fee7 noonjeeminitialarabic:fcd2 noonjeemisolatedarabic:fc4b
noonmedialarabic:fee8 noonmeeminitialarabic:fcd5 noonmeemisolatedarabic:fc4e
noonnoonfinalarabic:fc8d notcontains:220c notelement:2209 notelementof:2209 notequal:2260
notgreater:226f notgreaternorequal:2271 notgreaternorless:2279 notidentical:2262 notless:226e
notlessnorequal:2270 notparallel:2226 notprecedes:2280 notsubset:2284 notsucceeds:2281
notsuperset:2285 nowarmenian:576 nparen:24a9 nssquare:33b1 nsuperior:207f ntilde:f1 nu:3bd
nuhiragana:306c nukatakana:30cc nukatakanahalfwidth:ff87 nuktabengali:9bc nuktadeva:93c
nuktagujarati:abc nuktagurmukhi:a3c numbersign:23 numbersignmonospace:ff03 numbersignsmall:fe5f
numeralsigngreek:374 numeralsignlowergreek:375 numero:2116 nun:5e0 nundagesh:fb40
nundageshhebrew:fb40 nunhebrew:5e0 nvsquare:33b5 nwsquare:33bb nyabengali:99e nyadeva:91e
nyagujarati:a9e nyagurmukhi:a1e o:6f oacute:f3 oangthai:e2d obarred:275 obarredcyrillic:4e9
obarreddieresiscyrillic:4eb obengali:993 obopomofo:311b obreve:14f ocandradeva:911
ocandragujarati:a91 ocandravowelsigndeva:949 ocandravowelsigngujarati:ac9 ocaron:1d2
ocircle:24de ocircumflex:f4 ocircumflexacute:1ed1 ocircumflexdotbelow:1ed9 ocircumflexgrave:1ed3
ocircumflexhookabove:1ed5 ocircumflextilde:1ed7 ocyrillic:43e odblacute:151 odblgrave:20d
odeva:913 odieresis:f6 odieresiscyrillic:4e7 odotbelow:1ecd oe:153 oekorean:315a ogonek:2db
ogonekcmb:328 ograve:f2 ogujarati:a93 oharmenian:585 ohiragana:304a ohookabove:1ecf ohorn:1a1
ohornacute:1edb ohorndotbelow:1ee3 ohorngrave:1edd ohornhookabove:1edf ohorntilde:1ee1
ohungarumlaut:151 oi:1a3 oinvertedbreve:20f okatakana:30aa okatakanahalfwidth:ff75 okorean:3157
olehebrew:5ab omacron:14d omacronacute:1e53 omacrongrave:1e51 omdeva:950 omega:3c9 omega1:3d6
omegacyrillic:461 omegalatinclosed:277 omegaroundcyrillic:47b omegatitlocyrillic:47d
omegatonos:3ce omgujarati:ad0 omicron:3bf omicrontonos:3cc omonospace:ff4f one:31 onearabic:661
onebengali:9e7 onecircle:2460 onecircleinversesansserif:278a onedeva:967 onedotenleader:2024
oneeighth:215b onefitted:f6dc onegujarati:ae7 onegurmukhi:a67 onehackarabic:661 onehalf:bd
onehangzhou:3021 oneideographicparen:3220 oneinferior:2081 onemonospace:ff11
onenumeratorbengali:9f4 oneoldstyle:f731 oneparen:2474 oneperiod:2488 onepersian:6f1
onequarter:bc oneroman:2170 onesuperior:b9 onethai:e51 onethird:2153 oogonek:1eb
oogonekmacron:1ed oogurmukhi:a13 oomatragurmukhi:a4b oopen:254 oparen:24aa openbullet:25e6
option:2325 ordfeminine:aa ordmasculine:ba orthogonal:221f oshortdeva:912
oshortvowelsigndeva:94a oslash:f8 oslashacute:1ff osmallhiragana:3049 osmallkatakana:30a9
osmallkatakanahalfwidth:ff6b ostrokeacute:1ff osuperior:f6f0 otcyrillic:47f otilde:f5
otildeacute:1e4d otildedieresis:1e4f oubopomofo:3121 overline:203e overlinecenterline:fe4a
overlinecmb:305 overlinedashed:fe49 overlinedblwavy:fe4c overlinewavy:fe4b overscore:af
ovowelsignbengali:9cb ovowelsigndeva:94b ovowelsigngujarati:acb p:70 paampssquare:3380
paasentosquare:332b pabengali:9aa pacute:1e55 padeva:92a pagedown:21df pageup:21de
pagujarati:aaa pagurmukhi:a2a pahiragana:3071 paiyannoithai:e2f pakatakana:30d1
palatalizationcyrilliccmb:484 palochkacyrillic:4c0 pansioskorean:317f paragraph:b6 parallel:2225
parenleft:28 parenleftaltonearabic:fd3e parenleftbt:f8ed parenleftex:f8ec parenleftinferior:208d
parenleftmonospace:ff08 parenleftsmall:fe59 parenleftsuperior:207d parenlefttp:f8eb
parenleftvertical:fe35 parenright:29 parenrightaltonearabic:fd3f parenrightbt:f8f8
parenrightex:f8f7 parenrightinferior:208e parenrightmonospace:ff09 parenrightsmall:fe5a
parenrightsuperior:207e parenrighttp:f8f6 parenrightvertical:fe36 partialdiff:2202
paseqhebrew:5c0 pashtahebrew:599 pasquare:33a9 patah:5b7 patah11:5b7 patah1d:5b7 patah2a:5b7
patahhebrew:5b7 patahnarrowhebrew:5b7 patahquarterhebrew:5b7 patahwidehebrew:5b7 pazerhebrew:5a1
pbopomofo:3106 pcircle:24df pdotaccent:1e57 pe:5e4 pecyrillic:43f pedagesh:fb44
pedageshhebrew:fb44 peezisquare:333b pefinaldageshhebrew:fb43 peharabic:67e peharmenian:57a
pehebrew:5e4 pehfinalarabic:fb57 pehinitialarabic:fb58 pehiragana:307a pehmedialarabic:fb59
pekatakana:30da pemiddlehookcyrillic:4a7 perafehebrew:fb4e percent:25 percentarabic:66a
percentmonospace:ff05 percentsmall:fe6a period:2e periodarmenian:589 periodcentered:b7
periodhalfwidth:ff61 periodinferior:f6e7 periodmonospace:ff0e periodsmall:fe52
periodsuperior:f6e8 perispomenigreekcmb:342 perpendicular:22a5 perthousand:2030 peseta:20a7
pfsquare:338a phabengali:9ab phadeva:92b phagujarati:aab phagurmukhi:a2b phi:3c6 phi1:3d5
phieuphacirclekorean:327a phieuphaparenkorean:321a phieuphcirclekorean:326c phieuphkorean:314d
phieuphparenkorean:320c philatin:278 phinthuthai:e3a phisymbolgreek:3d5 phook:1a5
phophanthai:e1e phophungthai:e1c phosamphaothai:e20 pi:3c0 pieupacirclekorean:3273
pieupaparenkorean:3213 pieupcieuckorean:3176 pieupcirclekorean:3265 pieupkiyeokkorean:3172
pieupkorean:3142 pieupparenkorean:3205 pieupsioskiyeokkorean:3174 pieupsioskorean:3144
pieupsiostikeutkorean:3175 pieupthieuthkorean:3177 pieuptikeutkorean:3173 pihiragana:3074
pikatakana:30d4 pisymbolgreek:3d6 piwrarmenian:583 planckover2pi:210f planckover2pi1:210f
plus:2b plusbelowcmb:31f pluscircle:2295 plusminus:b1 plusmod:2d6 plusmonospace:ff0b
plussmall:fe62 plussuperior:207a pmonospace:ff50 pmsquare:33d8 pohiragana:307d
pointingindexdownwhite:261f pointingindexleftwhite:261c pointingindexrightwhite:261e
pointingindexupwhite:261d pokatakana:30dd poplathai:e1b postalmark:3012 postalmarkface:3020
pparen:24ab precedes:227a prescription:211e primemod:2b9 primereversed:2035 product:220f
projective:2305 prolongedkana:30fc propellor:2318 propersubset:2282 propersuperset:2283
proportion:2237 proportional:221d psi:3c8 psicyrillic:471 psilipneumatacyrilliccmb:486
pssquare:33b0 puhiragana:3077 pukatakana:30d7 pvsquare:33b4 pwsquare:33ba q:71 qadeva:958
qadmahebrew:5a8 qafarabic:642 qaffinalarabic:fed6 qafinitialarabic:fed7 qafmedialarabic:fed8
qamats:5b8 qamats10:5b8 qamats1a:5b8 qamats1c:5b8 qamats27:5b8 qamats29:5b8 qamats33:5b8
qamatsde:5b8 qamatshebrew:5b8 qamatsnarrowhebrew:5b8 qamatsqatanhebrew:5b8
qamatsqatannarrowhebrew:5b8 qamatsqatanquarterhebrew:5b8 qamatsqatanwidehebrew:5b8
qamatsquarterhebrew:5b8 qamatswidehebrew:5b8 qarneyparahebrew:59f qbopomofo:3111 qcircle:24e0
qhook:2a0 qmonospace:ff51 qof:5e7 qofdagesh:fb47 qofdageshhebrew:fb47 qofhebrew:5e7 qparen:24ac
quarternote:2669 qubuts:5bb qubuts18:5bb qubuts25:5bb qubuts31:5bb qubutshebrew:5bb
qubutsnarrowhebrew:5bb qubutsquarterhebrew:5bb qubutswidehebrew:5bb question:3f
questionarabic:61f questionarmenian:55e questiondown:bf questiondownsmall:f7bf questiongreek:37e
questionmonospace:ff1f questionsmall:f73f quotedbl:22 quotedblbase:201e quotedblleft:201c
quotedblmonospace:ff02 quotedblprime:301e quotedblprimereversed:301d quotedblright:201d
quoteleft:2018 quoteleftreversed:201b quotereversed:201b quoteright:2019 quoterightn:149
quotesinglbase:201a quotesingle:27 quotesinglemonospace:ff07 r:72 raarmenian:57c rabengali:9b0
racute:155 radeva:930 radical:221a radicalex:f8e5 radoverssquare:33ae radoverssquaredsquare:33af
radsquare:33ad rafe:5bf rafehebrew:5bf ragujarati:ab0 ragurmukhi:a30 rahiragana:3089
rakatakana:30e9 rakatakanahalfwidth:ff97 ralowerdiagonalbengali:9f1 ramiddlediagonalbengali:9f0
ramshorn:264 ratio:2236 rbopomofo:3116 rcaron:159 rcedilla:157 rcircle:24e1 rcommaaccent:157
rdblgrave:211 rdotaccent:1e59 rdotbelow:1e5b rdotbelowmacron:1e5d referencemark:203b
reflexsubset:2286 reflexsuperset:2287 registered:ae registersans:f8e8 registerserif:f6da
reharabic:631 reharmenian:580 rehfinalarabic:feae rehiragana:308c rekatakana:30ec
rekatakanahalfwidth:ff9a resh:5e8 reshdageshhebrew:fb48 reshhebrew:5e8 reversedtilde:223d
reviahebrew:597 reviamugrashhebrew:597 revlogicalnot:2310 rfishhook:27e rfishhookreversed:27f
rhabengali:9dd rhadeva:95d rho:3c1 rhook:27d rhookturned:27b rhookturnedsuperior:2b5
rhosymbolgreek:3f1 rhotichookmod:2de rieulacirclekorean:3271 rieulaparenkorean:3211
rieulcirclekorean:3263 rieulhieuhkorean:3140 rieulkiyeokkorean:313a rieulkiyeoksioskorean:3169
rieulkorean:3139 rieulmieumkorean:313b rieulpansioskorean:316c rieulparenkorean:3203
rieulphieuphkorean:313f rieulpieupkorean:313c rieulpieupsioskorean:316b rieulsioskorean:313d
rieulthieuthkorean:313e rieultikeutkorean:316a rieulyeorinhieuhkorean:316d rightangle:221f
righttackbelowcmb:319 righttriangle:22bf rihiragana:308a rikatakana:30ea
rikatakanahalfwidth:ff98 ring:2da ringbelowcmb:325 ringcmb:30a ringhalfleft:2bf
ringhalfleftarmenian:559 ringhalfleftbelowcmb:31c ringhalfleftcentered:2d3 ringhalfright:2be
ringhalfrightbelowcmb:339 ringhalfrightcentered:2d2 rinvertedbreve:213 rittorusquare:3351
rlinebelow:1e5f rlongleg:27c rlonglegturned:27a rmonospace:ff52 rohiragana:308d rokatakana:30ed
rokatakanahalfwidth:ff9b roruathai:e23 rparen:24ad rrabengali:9dc rradeva:931 rragurmukhi:a5c
rreharabic:691 rrehfinalarabic:fb8d rrvocalicbengali:9e0 rrvocalicdeva:960 rrvocalicgujarati:ae0
rrvocalicvowelsignbengali:9c4 rrvocalicvowelsigndeva:944 rrvocalicvowelsigngujarati:ac4
rsuperior:f6f1 rtblock:2590 rturned:279 rturnedsuperior:2b4 ruhiragana:308b rukatakana:30eb
rukatakanahalfwidth:ff99 rupeemarkbengali:9f2 rupeesignbengali:9f3 rupiah:f6dd ruthai:e24
rvocalicbengali:98b rvocalicdeva:90b rvocalicgujarati:a8b rvocalicvowelsignbengali:9c3
rvocalicvowelsigndeva:943 rvocalicvowelsigngujarati:ac3 s:73 sabengali:9b8 sacute:15b
sacutedotaccent:1e65 sadarabic:635 sadeva:938 sadfinalarabic:feba sadinitialarabic:febb
sadmedialarabic:febc sagujarati:ab8 sagurmukhi:a38 sahiragana:3055 sakatakana:30b5
sakatakanahalfwidth:ff7b sallallahoualayhewasallamarabic:fdfa samekh:5e1 samekhdagesh:fb41
samekhdageshhebrew:fb41 samekhhebrew:5e1 saraaathai:e32 saraaethai:e41 saraaimaimalaithai:e44
saraaimaimuanthai:e43 saraamthai:e33 saraathai:e30 saraethai:e40 saraiileftthai:f886
saraiithai:e35 saraileftthai:f885 saraithai:e34 saraothai:e42 saraueeleftthai:f888
saraueethai:e37 saraueleftthai:f887 sarauethai:e36 sarauthai:e38 sarauuthai:e39 sbopomofo:3119
scaron:161 scarondotaccent:1e67 scedilla:15f schwa:259 schwacyrillic:4d9
schwadieresiscyrillic:4db schwahook:25a scircle:24e2 scircumflex:15d scommaaccent:219
sdotaccent:1e61 sdotbelow:1e63 sdotbelowdotaccent:1e69 seagullbelowcmb:33c second:2033
secondtonechinese:2ca section:a7 seenarabic:633 seenfinalarabic:feb2 seeninitialarabic:feb3
seenmedialarabic:feb4 segol:5b6 segol13:5b6 segol1f:5b6 segol2c:5b6 segolhebrew:5b6
segolnarrowhebrew:5b6 segolquarterhebrew:5b6 segoltahebrew:592 segolwidehebrew:5b6
seharmenian:57d sehiragana:305b sekatakana:30bb sekatakanahalfwidth:ff7e semicolon:3b
semicolonarabic:61b semicolonmonospace:ff1b semicolonsmall:fe54 semivoicedmarkkana:309c
semivoicedmarkkanahalfwidth:ff9f sentisquare:3322 sentosquare:3323 seven:37 sevenarabic:667
sevenbengali:9ed sevencircle:2466 sevencircleinversesansserif:2790 sevendeva:96d
seveneighths:215e sevengujarati:aed sevengurmukhi:a6d sevenhackarabic:667 sevenhangzhou:3027
sevenideographicparen:3226 seveninferior:2087 sevenmonospace:ff17 sevenoldstyle:f737
sevenparen:247a sevenperiod:248e sevenpersian:6f7 sevenroman:2176 sevensuperior:2077
seventeencircle:2470 seventeenparen:2484 seventeenperiod:2498 seventhai:e57 sfthyphen:ad
shaarmenian:577 shabengali:9b6 shacyrillic:448 shaddaarabic:651 shaddadammaarabic:fc61
shaddadammatanarabic:fc5e shaddafathaarabic:fc60 shaddakasraarabic:fc62
shaddakasratanarabic:fc5f shade:2592 shadedark:2593 shadelight:2591 shademedium:2592 shadeva:936
shagujarati:ab6 shagurmukhi:a36 shalshelethebrew:593 shbopomofo:3115 shchacyrillic:449
sheenarabic:634 sheenfinalarabic:feb6 sheeninitialarabic:feb7 sheenmedialarabic:feb8
sheicoptic:3e3 sheqel:20aa sheqelhebrew:20aa sheva:5b0 sheva115:5b0 sheva15:5b0 sheva22:5b0
sheva2e:5b0 shevahebrew:5b0 shevanarrowhebrew:5b0 shevaquarterhebrew:5b0 shevawidehebrew:5b0
shhacyrillic:4bb shimacoptic:3ed shin:5e9 shindagesh:fb49 shindageshhebrew:fb49
shindageshshindot:fb2c shindageshshindothebrew:fb2c shindageshsindot:fb2d
shindageshsindothebrew:fb2d shindothebrew:5c1 shinhebrew:5e9 shinshindot:fb2a
shinshindothebrew:fb2a shinsindot:fb2b shinsindothebrew:fb2b shook:282 sigma:3c3 sigma1:3c2
sigmafinal:3c2 sigmalunatesymbolgreek:3f2 sihiragana:3057 sikatakana:30b7
sikatakanahalfwidth:ff7c siluqhebrew:5bd siluqlefthebrew:5bd similar:223c sindothebrew:5c2
siosacirclekorean:3274 siosaparenkorean:3214 sioscieuckorean:317e sioscirclekorean:3266
sioskiyeokkorean:317a sioskorean:3145 siosnieunkorean:317b siosparenkorean:3206
siospieupkorean:317d siostikeutkorean:317c six:36 sixarabic:666 sixbengali:9ec sixcircle:2465
sixcircleinversesansserif:278f sixdeva:96c sixgujarati:aec sixgurmukhi:a6c sixhackarabic:666
sixhangzhou:3026 sixideographicparen:3225 sixinferior:2086 sixmonospace:ff16 sixoldstyle:f736
sixparen:2479 sixperiod:248d sixpersian:6f6 sixroman:2175 sixsuperior:2076 sixteencircle:246f
sixteencurrencydenominatorbengali:9f9 sixteenparen:2483 sixteenperiod:2497 sixthai:e56 slash:2f
slashmonospace:ff0f slong:17f slongdotaccent:1e9b smileface:263a smonospace:ff53
sofpasuqhebrew:5c3 softhyphen:ad softsigncyrillic:44c sohiragana:305d sokatakana:30bd
sokatakanahalfwidth:ff7f soliduslongoverlaycmb:338 solidusshortoverlaycmb:337 sorusithai:e29
sosalathai:e28 sosothai:e0b sosuathai:e2a space:20 spacehackarabic:20 spade:2660
spadesuitblack:2660 spadesuitwhite:2664 sparen:24ae squarebelowcmb:33b squarecc:33c4
squarecm:339d squarediagonalcrosshatchfill:25a9 squarehorizontalfill:25a4 squarekg:338f
squarekm:339e squarekmcapital:33ce squareln:33d1 squarelog:33d2 squaremg:338e squaremil:33d5
squaremm:339c squaremsquared:33a1 squareorthogonalcrosshatchfill:25a6
squareupperlefttolowerrightfill:25a7 squareupperrighttolowerleftfill:25a8
squareverticalfill:25a5 squarewhitewithsmallblack:25a3 srsquare:33db ssabengali:9b7 ssadeva:937
ssagujarati:ab7 ssangcieuckorean:3149 ssanghieuhkorean:3185 ssangieungkorean:3180
ssangkiyeokkorean:3132 ssangnieunkorean:3165 ssangpieupkorean:3143 ssangsioskorean:3146
ssangtikeutkorean:3138 ssuperior:f6f2 sterling:a3 sterlingmonospace:ffe1
strokelongoverlaycmb:336 strokeshortoverlaycmb:335 subset:2282 subsetnotequal:228a
subsetorequal:2286 succeeds:227b suchthat:220b suhiragana:3059 sukatakana:30b9
sukatakanahalfwidth:ff7d sukunarabic:652 summation:2211 sun:263c superset:2283
supersetnotequal:228b supersetorequal:2287 svsquare:33dc syouwaerasquare:337c t:74 tabengali:9a4
tackdown:22a4 tackleft:22a3 tadeva:924 tagujarati:aa4 tagurmukhi:a24 taharabic:637
tahfinalarabic:fec2 tahinitialarabic:fec3 tahiragana:305f tahmedialarabic:fec4
taisyouerasquare:337d takatakana:30bf takatakanahalfwidth:ff80 tatweelarabic:640 tau:3c4 tav:5ea
tavdages:fb4a tavdagesh:fb4a tavdageshhebrew:fb4a tavhebrew:5ea tbar:167 tbopomofo:310a
tcaron:165 tccurl:2a8 tcedilla:163 tcheharabic:686 tchehfinalarabic:fb7b tchehinitialarabic:fb7c
tchehmedialarabic:fb7d tcircle:24e3 tcircumflexbelow:1e71 tcommaaccent:163 tdieresis:1e97
tdotaccent:1e6b tdotbelow:1e6d tecyrillic:442 tedescendercyrillic:4ad teharabic:62a
tehfinalarabic:fe96 tehhahinitialarabic:fca2 tehhahisolatedarabic:fc0c tehinitialarabic:fe97
tehiragana:3066 tehjeeminitialarabic:fca1 tehjeemisolatedarabic:fc0b tehmarbutaarabic:629
tehmarbutafinalarabic:fe94 tehmedialarabic:fe98 tehmeeminitialarabic:fca4
tehmeemisolatedarabic:fc0e tehnoonfinalarabic:fc73 tekatakana:30c6 tekatakanahalfwidth:ff83
telephone:2121 telephoneblack:260e telishagedolahebrew:5a0 telishaqetanahebrew:5a9
tencircle:2469 tenideographicparen:3229 tenparen:247d tenperiod:2491 tenroman:2179 tesh:2a7
tet:5d8 tetdagesh:fb38 tetdageshhebrew:fb38 tethebrew:5d8 tetsecyrillic:4b5 tevirhebrew:59b
tevirlefthebrew:59b thabengali:9a5 thadeva:925 thagujarati:aa5 thagurmukhi:a25 thalarabic:630
thalfinalarabic:feac thanthakhatlowleftthai:f898 thanthakhatlowrightthai:f897
thanthakhatthai:e4c thanthakhatupperleftthai:f896 theharabic:62b thehfinalarabic:fe9a
thehinitialarabic:fe9b thehmedialarabic:fe9c thereexists:2203 therefore:2234 theta:3b8
theta1:3d1 thetasymbolgreek:3d1 thieuthacirclekorean:3279 thieuthaparenkorean:3219
thieuthcirclekorean:326b thieuthkorean:314c thieuthparenkorean:320b thirteencircle:246c
thirteenparen:2480 thirteenperiod:2494 thonangmonthothai:e11 thook:1ad thophuthaothai:e12
thorn:fe thothahanthai:e17 thothanthai:e10 thothongthai:e18 thothungthai:e16
thousandcyrillic:482 thousandsseparatorarabic:66c thousandsseparatorpersian:66c three:33
threearabic:663 threebengali:9e9 threecircle:2462 threecircleinversesansserif:278c threedeva:969
threeeighths:215c threegujarati:ae9 threegurmukhi:a69 threehackarabic:663 threehangzhou:3023
threeideographicparen:3222 threeinferior:2083 threemonospace:ff13 threenumeratorbengali:9f6
threeoldstyle:f733 threeparen:2476 threeperiod:248a threepersian:6f3 threequarters:be
threequartersemdash:f6de threeroman:2172 threesuperior:b3 threethai:e53 thzsquare:3394
tihiragana:3061 tikatakana:30c1 tikatakanahalfwidth:ff81 tikeutacirclekorean:3270
tikeutaparenkorean:3210 tikeutcirclekorean:3262 tikeutkorean:3137 tikeutparenkorean:3202
tilde:2dc tildebelowcmb:330 tildecmb:303 tildecomb:303 tildedoublecmb:360 tildeoperator:223c
tildeoverlaycmb:334 tildeverticalcmb:33e timescircle:2297 tipehahebrew:596 tipehalefthebrew:596
tippigurmukhi:a70 titlocyrilliccmb:483 tiwnarmenian:57f tlinebelow:1e6f tmonospace:ff54
toarmenian:569 tohiragana:3068 tokatakana:30c8 tokatakanahalfwidth:ff84 tonebarextrahighmod:2e5
tonebarextralowmod:2e9 tonebarhighmod:2e6 tonebarlowmod:2e8 tonebarmidmod:2e7 tonefive:1bd
tonesix:185 tonetwo:1a8 tonos:384 tonsquare:3327 topatakthai:e0f tortoiseshellbracketleft:3014
tortoiseshellbracketleftsmall:fe5d tortoiseshellbracketleftvertical:fe39
tortoiseshellbracketright:3015 tortoiseshellbracketrightsmall:fe5e
tortoiseshellbracketrightvertical:fe3a totaothai:e15 tpalatalhook:1ab tparen:24af trademark:2122
trademarksans:f8ea trademarkserif:f6db tretroflexhook:288 triagdn:25bc triaglf:25c4 triagrt:25ba
triagup:25b2 ts:2a6 tsadi:5e6 tsadidagesh:fb46 tsadidageshhebrew:fb46 tsadihebrew:5e6
tsecyrillic:446 tsere:5b5 tsere12:5b5 tsere1e:5b5 tsere2b:5b5 tserehebrew:5b5
tserenarrowhebrew:5b5 tserequarterhebrew:5b5 tserewidehebrew:5b5 tshecyrillic:45b tsuperior:f6f3
ttabengali:99f ttadeva:91f ttagujarati:a9f ttagurmukhi:a1f tteharabic:679 ttehfinalarabic:fb67
ttehinitialarabic:fb68 ttehmedialarabic:fb69 tthabengali:9a0 tthadeva:920 tthagujarati:aa0
tthagurmukhi:a20 tturned:287 tuhiragana:3064 tukatakana:30c4 tukatakanahalfwidth:ff82
tusmallhiragana:3063 tusmallkatakana:30c3 tusmallkatakanahalfwidth:ff6f twelvecircle:246b
twelveparen:247f twelveperiod:2493 twelveroman:217b twentycircle:2473 twentyhangzhou:5344
twentyparen:2487 twentyperiod:249b two:32 twoarabic:662 twobengali:9e8 twocircle:2461
twocircleinversesansserif:278b twodeva:968 twodotenleader:2025 twodotleader:2025
twodotleadervertical:fe30 twogujarati:ae8 twogurmukhi:a68 twohackarabic:662 twohangzhou:3022
twoideographicparen:3221 twoinferior:2082 twomonospace:ff12 twonumeratorbengali:9f5
twooldstyle:f732 twoparen:2475 twoperiod:2489 twopersian:6f2 tworoman:2171 twostroke:1bb
twosuperior:b2 twothai:e52 twothirds:2154 u:75 uacute:fa ubar:289 ubengali:989 ubopomofo:3128
ubreve:16d ucaron:1d4 ucircle:24e4 ucircumflex:fb ucircumflexbelow:1e77 ucyrillic:443
udattadeva:951 udblacute:171 udblgrave:215 udeva:909 udieresis:fc udieresisacute:1d8
udieresisbelow:1e73 udieresiscaron:1da udieresiscyrillic:4f1 udieresisgrave:1dc
udieresismacron:1d6 udotbelow:1ee5 ugrave:f9 ugujarati:a89 ugurmukhi:a09 uhiragana:3046
uhookabove:1ee7 uhorn:1b0 uhornacute:1ee9 uhorndotbelow:1ef1 uhorngrave:1eeb uhornhookabove:1eed
uhorntilde:1eef uhungarumlaut:171 uhungarumlautcyrillic:4f3 uinvertedbreve:217 ukatakana:30a6
ukatakanahalfwidth:ff73 ukcyrillic:479 ukorean:315c umacron:16b umacroncyrillic:4ef
umacrondieresis:1e7b umatragurmukhi:a41 umonospace:ff55 underscore:5f underscoredbl:2017
underscoremonospace:ff3f underscorevertical:fe33 underscorewavy:fe4f union:222a universal:2200
uogonek:173 uparen:24b0 upblock:2580 upperdothebrew:5c4 upsilon:3c5 upsilondieresis:3cb
upsilondieresistonos:3b0 upsilonlatin:28a upsilontonos:3cd uptackbelowcmb:31d uptackmod:2d4
uragurmukhi:a73 uring:16f ushortcyrillic:45e usmallhiragana:3045 usmallkatakana:30a5
usmallkatakanahalfwidth:ff69 ustraightcyrillic:4af ustraightstrokecyrillic:4b1 utilde:169
utildeacute:1e79 utildebelow:1e75 uubengali:98a uudeva:90a uugujarati:a8a uugurmukhi:a0a
uumatragurmukhi:a42 uuvowelsignbengali:9c2 uuvowelsigndeva:942 uuvowelsigngujarati:ac2
uvowelsignbengali:9c1 uvowelsigndeva:941 uvowelsigngujarati:ac1 v:76 vadeva:935 vagujarati:ab5
vagurmukhi:a35 vakatakana:30f7 vav:5d5 vavdagesh:fb35 vavdagesh65:fb35 vavdageshhebrew:fb35
vavhebrew:5d5 vavholam:fb4b vavholamhebrew:fb4b vavvavhebrew:5f0 vavyodhebrew:5f1 vcircle:24e5
vdotbelow:1e7f vecyrillic:432 veharabic:6a4 vehfinalarabic:fb6b vehinitialarabic:fb6c
vehmedialarabic:fb6d vekatakana:30f9 venus:2640 verticalbar:7c verticallineabovecmb:30d
verticallinebelowcmb:329 verticallinelowmod:2cc verticallinemod:2c8 vewarmenian:57e vhook:28b
vikatakana:30f8 viramabengali:9cd viramadeva:94d viramagujarati:acd visargabengali:983
visargadeva:903 visargagujarati:a83 vmonospace:ff56 voarmenian:578 voicediterationhiragana:309e
voicediterationkatakana:30fe voicedmarkkana:309b voicedmarkkanahalfwidth:ff9e vokatakana:30fa
vparen:24b1 vtilde:1e7d vturned:28c vuhiragana:3094 vukatakana:30f4 w:77 wacute:1e83
waekorean:3159 wahiragana:308f wakatakana:30ef wakatakanahalfwidth:ff9c wakorean:3158
wasmallhiragana:308e wasmallkatakana:30ee wattosquare:3357 wavedash:301c
wavyunderscorevertical:fe34 wawarabic:648 wawfinalarabic:feee wawhamzaabovearabic:624
wawhamzaabovefinalarabic:fe86 wbsquare:33dd wcircle:24e6 wcircumflex:175 wdieresis:1e85
wdotaccent:1e87 wdotbelow:1e89 wehiragana:3091 weierstrass:2118 wekatakana:30f1 wekorean:315e
weokorean:315d wgrave:1e81 whitebullet:25e6 whitecircle:25cb whitecircleinverse:25d9
whitecornerbracketleft:300e whitecornerbracketleftvertical:fe43 whitecornerbracketright:300f
whitecornerbracketrightvertical:fe44 whitediamond:25c7
whitediamondcontainingblacksmalldiamond:25c8 whitedownpointingsmalltriangle:25bf
whitedownpointingtriangle:25bd whiteleftpointingsmalltriangle:25c3
whiteleftpointingtriangle:25c1 whitelenticularbracketleft:3016 whitelenticularbracketright:3017
whiterightpointingsmalltriangle:25b9 whiterightpointingtriangle:25b7 whitesmallsquare:25ab
whitesmilingface:263a whitesquare:25a1 whitestar:2606 whitetelephone:260f
whitetortoiseshellbracketleft:3018 whitetortoiseshellbracketright:3019
whiteuppointingsmalltriangle:25b5 whiteuppointingtriangle:25b3 wihiragana:3090 wikatakana:30f0
wikorean:315f wmonospace:ff57 wohiragana:3092 wokatakana:30f2 wokatakanahalfwidth:ff66 won:20a9
wonmonospace:ffe6 wowaenthai:e27 wparen:24b2 wring:1e98 wsuperior:2b7 wturned:28d wynn:1bf x:78
xabovecmb:33d xbopomofo:3112 xcircle:24e7 xdieresis:1e8d xdotaccent:1e8b xeharmenian:56d xi:3be
xmonospace:ff58 xparen:24b3 xsuperior:2e3 y:79 yaadosquare:334e yabengali:9af yacute:fd
yadeva:92f yaekorean:3152 yagujarati:aaf yagurmukhi:a2f yahiragana:3084 yakatakana:30e4
yakatakanahalfwidth:ff94 yakorean:3151 yamakkanthai:e4e yasmallhiragana:3083
yasmallkatakana:30e3 yasmallkatakanahalfwidth:ff6c yatcyrillic:463 ycircle:24e8 ycircumflex:177
ydieresis:ff ydotaccent:1e8f ydotbelow:1ef5 yeharabic:64a yehbarreearabic:6d2
yehbarreefinalarabic:fbaf yehfinalarabic:fef2 yehhamzaabovearabic:626
yehhamzaabovefinalarabic:fe8a yehhamzaaboveinitialarabic:fe8b yehhamzaabovemedialarabic:fe8c
yehinitialarabic:fef3 yehmedialarabic:fef4 yehmeeminitialarabic:fcdd yehmeemisolatedarabic:fc58
yehnoonfinalarabic:fc94 yehthreedotsbelowarabic:6d1 yekorean:3156 yen:a5 yenmonospace:ffe5
yeokorean:3155 yeorinhieuhkorean:3186 yerahbenyomohebrew:5aa yerahbenyomolefthebrew:5aa
yericyrillic:44b yerudieresiscyrillic:4f9 yesieungkorean:3181 yesieungpansioskorean:3183
yesieungsioskorean:3182 yetivhebrew:59a ygrave:1ef3 yhook:1b4 yhookabove:1ef7 yiarmenian:575
yicyrillic:457 yikorean:3162 yinyang:262f yiwnarmenian:582 ymonospace:ff59 yod:5d9
yoddagesh:fb39 yoddageshhebrew:fb39 yodhebrew:5d9 yodyodhebrew:5f2 yodyodpatahhebrew:fb1f
yohiragana:3088 yoikorean:3189 yokatakana:30e8 yokatakanahalfwidth:ff96 yokorean:315b
yosmallhiragana:3087 yosmallkatakana:30e7 yosmallkatakanahalfwidth:ff6e yotgreek:3f3
yoyaekorean:3188 yoyakorean:3187 yoyakthai:e22 yoyingthai:e0d yparen:24b4 ypogegrammeni:37a
ypogegrammenigreekcmb:345 yr:1a6 yring:1e99 ysuperior:2b8 ytilde:1ef9 yturned:28e
yuhiragana:3086 yuikorean:318c yukatakana:30e6 yukatakanahalfwidth:ff95 yukorean:3160
yusbigcyrillic:46b yusbigiotifiedcyrillic:46d yuslittlecyrillic:467
yuslittleiotifiedcyrillic:469 yusmallhiragana:3085 yusmallkatakana:30e5
yusmallkatakanahalfwidth:ff6d yuyekorean:318b yuyeokorean:318a yyabengali:9df yyadeva:95f z:7a
zaarmenian:566 zacute:17a zadeva:95b zagurmukhi:a5b zaharabic:638 zahfinalarabic:fec6
zahinitialarabic:fec7 zahiragana:3056 zahmedialarabic:fec8 zainarabic:632 zainfinalarabic:feb0
zakatakana:30b6 zaqefgadolhebrew:595 zaqefqatanhebrew:594 zarqahebrew:598 zayin:5d6
zayindagesh:fb36 zayindageshhebrew:fb36 zayinhebrew:5d6 zbopomofo:3117 zcaron:17e zcircle:24e9
zcircumflex:1e91 zcurl:291 zdot:17c zdotaccent:17c zdotbelow:1e93 zecyrillic:437
zedescendercyrillic:499 zedieresiscyrillic:4df zehiragana:305c zekatakana:30bc zero:30
zeroarabic:660 zerobengali:9e6 zerodeva:966 zerogujarati:ae6 zerogurmukhi:a66 zerohackarabic:660
zeroinferior:2080 zeromonospace:ff10 zerooldstyle:f730 zeropersian:6f0 zerosuperior:2070
zerothai:e50 zerowidthjoiner:feff zerowidthnonjoiner:200c zerowidthspace:200b zeta:3b6
zhbopomofo:3113 zhearmenian:56a zhebrevecyrillic:4c2 zhecyrillic:436 zhedescendercyrillic:497
zhedieresiscyrillic:4dd zihiragana:3058 zikatakana:30b8 zinorhebrew:5ae zlinebelow:1e95
zmonospace:ff5a zohiragana:305e zokatakana:30be zparen:24b5 zretroflexhook:290 zstroke:1b6
zuhiragana:305a zukatakana:30ba
`;

let map: Map<string, number> | undefined;

/** The AGL's name → Unicode map, built on first use. */
export function aglMap(): Map<string, number> {
  if (!map) {
    map = new Map();
    for (const p of TABLE.split(/\s+/)) {
      const i = p.indexOf(':');
      if (i > 0) map.set(p.slice(0, i), Number.parseInt(p.slice(i + 1), 16));
    }
  }
  return map;
}

/** Whether the Adobe Glyph List names `name`. */
export function inAgl(name: string): boolean {
  return aglMap().has(name);
}
