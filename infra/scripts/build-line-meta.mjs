#!/usr/bin/env node
// Builds infra/data/line-meta.json (operator, line colour and short display name
// for every line in the npm package `japan-train-data`).
//
// Usage (from the repository root):
//   node infra/scripts/build-line-meta.mjs [module]
// `module` is a module name or a path to the package directory
// (default: 'japan-train-data', resolved from this script, the current
// directory, then NODE_PATH).
//
// Notes on the source data (japan-train-data 0.6.0, ekidata.jp based, ~2017):
// - `lines` holds one entry per (line, prefecture) pair, so a line that crosses
//   prefectures appears several times with the same id. Entries are merged by id.
// - `station.prefecture` is not reliable (it repeats the line's first
//   prefecture); station location.administrativeArea1 is used instead, and
//   some of those strings contain U+FFFD, so they are matched fuzzily.
// - Operators are the current ones (e.g. 大阪市営地下鉄 -> 大阪メトロ,
//   新京成 -> 京成電鉄, 泉北高速鉄道 -> 南海電鉄, 北神急行 -> 神戸市営地下鉄).
//
// Output is deterministic: railways in a fixed order, lines keyed by id.

import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT_DIR = path.dirname(fileURLToPath(import.meta.url));
const OUT_FILE = path.resolve(SCRIPT_DIR, '../data/line-meta.json');

// ---------------------------------------------------------------------------
// Railways (operators). Order here is the output order.
// ---------------------------------------------------------------------------
const RAILWAYS = [
  ['jr-hokkaido', 'JR北海道'],
  ['jr-east', 'JR東日本'],
  ['jr-central', 'JR東海'],
  ['jr-west', 'JR西日本'],
  ['jr-shikoku', 'JR四国'],
  ['jr-kyushu', 'JR九州'],
  // major private railways
  ['tokyo-metro', '東京メトロ'],
  ['toei', '都営交通'],
  ['tokyu', '東急電鉄'],
  ['keio', '京王電鉄'],
  ['odakyu', '小田急電鉄'],
  ['seibu', '西武鉄道'],
  ['tobu', '東武鉄道'],
  ['keisei', '京成電鉄'],
  ['keikyu', '京浜急行電鉄'],
  ['sotetsu', '相模鉄道'],
  ['meitetsu', '名古屋鉄道'],
  ['kintetsu', '近畿日本鉄道'],
  ['nankai', '南海電鉄'],
  ['keihan', '京阪電鉄'],
  ['hankyu', '阪急電鉄'],
  ['hanshin', '阪神電鉄'],
  ['nishitetsu', '西日本鉄道'],
  // municipal subways and trams
  ['sapporo-subway', '札幌市営地下鉄'],
  ['sapporo-tram', '札幌市電'],
  ['hakodate-tram', '函館市電'],
  ['sendai-subway', '仙台市地下鉄'],
  ['yokohama-subway', '横浜市営地下鉄'],
  ['nagoya-subway', '名古屋市営地下鉄'],
  ['kyoto-subway', '京都市営地下鉄'],
  ['osaka-metro', '大阪メトロ'],
  ['kobe-subway', '神戸市営地下鉄'],
  ['fukuoka-subway', '福岡市地下鉄'],
  ['kumamoto-tram', '熊本市電'],
  ['kagoshima-tram', '鹿児島市電'],
  // Hokkaido / Tohoku
  ['donan-isaribi', '道南いさりび鉄道'],
  ['tsugaru-railway', '津軽鉄道'],
  ['konan-railway', '弘南鉄道'],
  ['igr', 'IGRいわて銀河鉄道'],
  ['aoimori', '青い森鉄道'],
  ['sanriku', '三陸鉄道'],
  ['akita-nairiku', '秋田内陸縦貫鉄道'],
  ['yuri-kogen', '由利高原鉄道'],
  ['yamagata-railway', '山形鉄道'],
  ['abukuma-express', '阿武隈急行'],
  ['fukushima-kotsu', '福島交通'],
  ['aizu-railway', '会津鉄道'],
  ['sendai-airport', '仙台空港鉄道'],
  // Kanto
  ['chichibu', '秩父鉄道'],
  ['saitama-railway', '埼玉高速鉄道'],
  ['isumi', 'いすみ鉄道'],
  ['tsukuba-express', 'つくばエクスプレス'],
  ['minatomirai', '横浜高速鉄道'],
  ['yurikamome', 'ゆりかもめ'],
  ['watarase', 'わたらせ渓谷鐵道'],
  ['yamaman', '山万'],
  ['izuhakone', '伊豆箱根鉄道'],
  ['hitachinaka', 'ひたちなか海浜鉄道'],
  ['yokohama-seaside', '横浜シーサイドライン'],
  ['kanto-railway', '関東鉄道'],
  ['enoden', '江ノ島電鉄'],
  ['new-shuttle', '埼玉新都市交通'],
  ['kashima-rinkai', '鹿島臨海鉄道'],
  ['shibayama', '芝山鉄道'],
  ['kominato', '小湊鐵道'],
  ['shonan-monorail', '湘南モノレール'],
  ['joshin', '上信電鉄'],
  ['jomo', '上毛電気鉄道'],
  ['moka', '真岡鐵道'],
  ['chiba-monorail', '千葉都市モノレール'],
  ['ryutetsu', '流鉄'],
  ['tama-monorail', '多摩都市モノレール'],
  ['choshi', '銚子電気鉄道'],
  ['tokyo-monorail', '東京モノレール'],
  ['rinkai', '東京臨海高速鉄道'],
  ['toyo-rapid', '東葉高速鉄道'],
  ['hakone-tozan', '箱根登山鉄道'],
  ['hokuso', '北総鉄道'],
  ['yagan', '野岩鉄道'],
  // Chubu / Hokuriku
  ['fuji-sanroku', '富士山麓電気鉄道'],
  ['hokuetsu', '北越急行'],
  ['shinano', 'しなの鉄道'],
  ['ueda', '上田電鉄'],
  ['nagaden', '長野電鉄'],
  ['alpico', 'アルピコ交通'],
  ['toyama-chitetsu', '富山地方鉄道'],
  ['kurobe', '黒部峡谷鉄道'],
  ['manyosen', '万葉線'],
  ['hokutetsu', '北陸鉄道'],
  ['noto', 'のと鉄道'],
  ['echizen', 'えちぜん鉄道'],
  ['fukutetsu', '福井鉄道'],
  ['echigo-tokimeki', 'えちごトキめき鉄道'],
  ['ainokaze', 'あいの風とやま鉄道'],
  ['ir-ishikawa', 'IRいしかわ鉄道'],
  ['izukyu', '伊豆急行'],
  ['gakunan', '岳南電車'],
  ['shizutetsu', '静岡鉄道'],
  ['tenhama', '天竜浜名湖鉄道'],
  ['entetsu', '遠州鉄道'],
  ['oigawa', '大井川鐵道'],
  ['aonami', '名古屋臨海高速鉄道'],
  ['tokai-kotsu', '東海交通事業'],
  ['aichi-loop', '愛知環状鉄道'],
  ['linimo', '愛知高速交通'],
  ['toyotetsu', '豊橋鉄道'],
  ['guideway-bus', '名古屋ガイドウェイバス'],
  ['akechi', '明知鉄道'],
  ['nagaragawa', '長良川鉄道'],
  ['tarumi', '樽見鉄道'],
  ['sangi', '三岐鉄道'],
  ['ise-railway', '伊勢鉄道'],
  ['iga-railway', '伊賀鉄道'],
  ['yoro', '養老鉄道'],
  ['yokkaichi-asunarou', '四日市あすなろう鉄道'],
  // Kinki
  ['ohmi', '近江鉄道'],
  ['shigaraki', '信楽高原鐵道'],
  ['sagano-kanko', '嵯峨野観光鉄道'],
  ['eizan', '叡山電鉄'],
  ['kyoto-tango', '京都丹後鉄道'],
  ['keifuku', '京福電気鉄道'],
  ['kita-osaka-kyuko', '北大阪急行電鉄'],
  ['nose', '能勢電鉄'],
  ['mizuma', '水間鉄道'],
  ['osaka-monorail', '大阪モノレール'],
  ['hankai', '阪堺電気軌道'],
  ['kobe-rapid', '神戸高速鉄道'],
  ['shintetsu', '神戸電鉄'],
  ['sanyo-railway', '山陽電気鉄道'],
  ['hojo', '北条鉄道'],
  ['chizu', '智頭急行'],
  ['kobe-new-transit', '神戸新交通'],
  ['kishu', '紀州鉄道'],
  ['wakayama-dentetsu', '和歌山電鐵'],
  // Chugoku / Shikoku
  ['wakasa', '若桜鉄道'],
  ['ichibata', '一畑電車'],
  ['mizushima', '水島臨海鉄道'],
  ['ibara', '井原鉄道'],
  ['okaden', '岡山電気軌道'],
  ['skyrail', 'スカイレールサービス'],
  ['astram', '広島高速交通'],
  ['hiroden', '広島電鉄'],
  ['nishikigawa', '錦川鉄道'],
  ['asa-kaigan', '阿佐海岸鉄道'],
  ['kotoden', '高松琴平電気鉄道'],
  ['iyotetsu', '伊予鉄道'],
  ['tosa-kuroshio', '土佐くろしお鉄道'],
  ['tosaden', 'とさでん交通'],
  // Kyushu / Okinawa
  ['amagi', '甘木鉄道'],
  ['heichiku', '平成筑豊鉄道'],
  ['kitakyushu-monorail', '北九州モノレール'],
  ['chikutetsu', '筑豊電気鉄道'],
  ['matsuura', '松浦鉄道'],
  ['shimabara', '島原鉄道'],
  ['nagasaki-tram', '長崎電気軌道'],
  ['kumaden', '熊本電気鉄道'],
  ['minamiaso', '南阿蘇鉄道'],
  ['kumagawa', 'くま川鉄道'],
  ['hisatsu-orange', '肥薩おれんじ鉄道'],
  ['yui-rail', '沖縄都市モノレール'],
  // fallback
  ['other', 'その他'],
];

// Line-name prefix -> railway. Longest prefix wins.
const PREFIX_RULES = {
  東京メトロ: 'tokyo-metro',
  都営: 'toei',
  都電: 'toei',
  '日暮里・舎人ライナー': 'toei',
  東急: 'tokyu',
  京王: 'keio',
  小田急: 'odakyu',
  西武: 'seibu',
  東武: 'tobu',
  京成: 'keisei',
  新京成: 'keisei', // merged into 京成電鉄 (京成松戸線) in 2025
  成田スカイアクセス: 'keisei',
  京急: 'keikyu',
  相鉄: 'sotetsu',
  名鉄: 'meitetsu',
  近鉄: 'kintetsu',
  南海: 'nankai',
  泉北高速鉄道: 'nankai', // merged into 南海電鉄 (南海泉北線) in 2025
  京阪: 'keihan',
  阪急: 'hankyu',
  阪神: 'hanshin',
  西鉄: 'nishitetsu',
  札幌市営地下鉄: 'sapporo-subway',
  札幌市電: 'sapporo-tram',
  函館市電: 'hakodate-tram',
  仙台市営地下鉄: 'sendai-subway',
  仙台市地下鉄: 'sendai-subway',
  横浜市営地下鉄: 'yokohama-subway',
  名古屋市営地下鉄: 'nagoya-subway',
  京都市営地下鉄: 'kyoto-subway',
  大阪市営地下鉄: 'osaka-metro',
  大阪メトロ: 'osaka-metro',
  'Osaka Metro': 'osaka-metro',
  神戸市営地下鉄: 'kobe-subway',
  北神急行: 'kobe-subway', // transferred to Kobe City (北神線) in 2020
  夢かもめ: 'kobe-subway',
  福岡市営地下鉄: 'fukuoka-subway',
  福岡市地下鉄: 'fukuoka-subway',
  熊本市電: 'kumamoto-tram',
  鹿児島市電: 'kagoshima-tram',
  道南いさりび鉄道: 'donan-isaribi',
  津軽鉄道: 'tsugaru-railway',
  弘南鉄道: 'konan-railway',
  いわて銀河鉄道: 'igr',
  青い森鉄道: 'aoimori',
  三陸鉄道: 'sanriku',
  阿武隈急行: 'abukuma-express',
  福島交通: 'fukushima-kotsu',
  会津鉄道: 'aizu-railway',
  秩父鉄道: 'chichibu',
  埼玉高速鉄道: 'saitama-railway',
  つくばエクスプレス: 'tsukuba-express',
  ゆりかもめ: 'yurikamome',
  伊豆箱根鉄道: 'izuhakone',
  ひたちなか海浜鉄道: 'hitachinaka',
  関東鉄道: 'kanto-railway',
  江ノ島電鉄: 'enoden',
  鹿島臨海鉄道: 'kashima-rinkai',
  芝山鉄道: 'shibayama',
  小湊鉄道: 'kominato',
  小湊鐵道: 'kominato',
  湘南モノレール: 'shonan-monorail',
  上信電鉄: 'joshin',
  上毛電気鉄道: 'jomo',
  真岡鐵道: 'moka',
  千葉都市モノレール: 'chiba-monorail',
  流鉄: 'ryutetsu',
  多摩モノレール: 'tama-monorail',
  多摩都市モノレール: 'tama-monorail',
  銚子電鉄: 'choshi',
  銚子電気鉄道: 'choshi',
  東京モノレール: 'tokyo-monorail',
  りんかい線: 'rinkai',
  東葉高速: 'toyo-rapid',
  箱根登山: 'hakone-tozan',
  北総鉄道: 'hokuso',
  富士急行: 'fuji-sanroku', // railway business split off in 2022
  北越急行: 'hokuetsu',
  しなの鉄道: 'shinano',
  北しなの線: 'shinano',
  上田電鉄: 'ueda',
  長野電鉄: 'nagaden',
  富山地鉄: 'toyama-chitetsu',
  富山ライトレール: 'toyama-chitetsu', // merged into 富山地方鉄道 in 2020
  黒部峡谷鉄道: 'kurobe',
  万葉線: 'manyosen',
  北陸鉄道: 'hokutetsu',
  のと鉄道: 'noto',
  えちぜん鉄道: 'echizen',
  福井鉄道: 'fukutetsu',
  日本海ひすいライン: 'echigo-tokimeki',
  妙高はねうまライン: 'echigo-tokimeki',
  あいの風とやま鉄道: 'ainokaze',
  IRいしかわ鉄道: 'ir-ishikawa',
  伊豆急行: 'izukyu',
  岳南鉄道: 'gakunan',
  岳南電車: 'gakunan',
  静岡鉄道: 'shizutetsu',
  天竜浜名湖: 'tenhama',
  遠州鉄道: 'entetsu',
  大井川鐵道: 'oigawa',
  南アルプスあぷとライン: 'oigawa',
  あおなみ線: 'aonami',
  東海交通事業: 'tokai-kotsu',
  愛知環状鉄道: 'aichi-loop',
  リニモ: 'linimo',
  豊橋鉄道: 'toyotetsu',
  ゆとりーとライン: 'guideway-bus',
  明知鉄道: 'akechi',
  長良川鉄道: 'nagaragawa',
  樽見鉄道: 'tarumi',
  三岐鉄道: 'sangi',
  伊勢鉄道: 'ise-railway',
  伊賀鉄道: 'iga-railway',
  養老鉄道: 'yoro',
  近江鉄道: 'ohmi',
  信楽高原鐵道: 'shigaraki',
  嵯峨野観光: 'sagano-kanko',
  叡山電鉄: 'eizan',
  京福電鉄: 'keifuku',
  北大阪急行: 'kita-osaka-kyuko',
  能勢電鉄: 'nose',
  水間鉄道: 'mizuma',
  大阪モノレール: 'osaka-monorail',
  阪堺電軌: 'hankai',
  神戸高速: 'kobe-rapid',
  神鉄: 'shintetsu',
  山陽電鉄: 'sanyo-railway',
  北条鉄道: 'hojo',
  智頭急行: 'chizu',
  ポートライナー: 'kobe-new-transit',
  六甲ライナー: 'kobe-new-transit',
  紀州鉄道: 'kishu',
  貴志川線: 'wakayama-dentetsu',
  スカイレール: 'skyrail',
  アストラムライン: 'astram',
  広電: 'hiroden',
  錦川清流線: 'nishikigawa',
  阿波室戸シーサイドライン: 'asa-kaigan',
  琴電: 'kotoden',
  伊予鉄道: 'iyotetsu',
  'ごめん・なはり線': 'tosa-kuroshio',
  甘木鉄道: 'amagi',
  門司港レトロ観光線: 'heichiku',
  北九州モノレール: 'kitakyushu-monorail',
  筑豊電気鉄道: 'chikutetsu',
  島原鉄道: 'shimabara',
  長崎電軌: 'nagasaki-tram',
  熊本電鉄: 'kumaden',
  肥薩おれんじ鉄道: 'hisatsu-orange',
  ゆいレール: 'yui-rail',
};

// Lines whose name carries no operator prefix (ekidata line code -> railway).
const ID_RAILWAY = {
  22006: 'seibu', // レオライナー (西武山口線)
  31013: 'yokkaichi-asunarou', // 内部線 (近鉄 until 2015)
  31014: 'yokkaichi-asunarou', // 八王子線
  31024: 'kintetsu', // 西信貴ケーブル
  31026: 'kintetsu', // 生駒ケーブル
  33005: 'keihan', // 男山ケーブル
  99209: 'akita-nairiku', // 秋田内陸線
  99210: 'yuri-kogen', // 鳥海山ろく線
  99211: 'yamagata-railway', // フラワー長井線
  99217: 'sendai-airport', // 仙台空港線
  99308: 'isumi', // いすみ線
  99310: 'minatomirai', // みなとみらい線
  99312: 'watarase', // わたらせ渓谷線
  99313: 'yamaman', // ユーカリが丘線
  99316: 'yokohama-subway', // ブルーライン
  99317: 'yokohama-seaside', // 金沢シーサイドライン
  99321: 'new-shuttle', // ニューシャトル
  99341: 'yagan', // ほっとスパ・ライン (会津鬼怒川線)
  99343: 'yokohama-subway', // グリーンライン
  99407: 'alpico', // 上高地線
  99608: 'kyoto-tango', // 宮福線
  99609: 'kyoto-tango', // 宮豊線
  99625: 'osaka-metro', // ニュートラム
  99632: 'shintetsu', // 有馬線
  99633: 'shintetsu', // 三田線
  99634: 'shintetsu', // 公園都市線
  99635: 'shintetsu', // 粟生線
  99653: 'kyoto-tango', // 宮舞線
  99701: 'wakasa', // 若桜線
  99702: 'ichibata', // 北松江線
  99703: 'ichibata', // 大社線
  99704: 'mizushima', // 水島本線
  99705: 'ibara', // 井原線
  99706: 'okaden', // 東山線 (岡山電気軌道)
  99707: 'okaden', // 清輝橋線
  99814: 'tosa-kuroshio', // 中村線
  99815: 'tosa-kuroshio', // 宿毛線
  99817: 'tosaden', // ごめん線
  99818: 'tosaden', // 伊野線
  99819: 'tosaden', // 桟橋線
  99902: 'heichiku', // 伊田線
  99903: 'heichiku', // 糸田線
  99904: 'heichiku', // 田川線
  99910: 'matsuura', // 西九州線
  99911: 'matsuura', // 西九州線
  99919: 'minamiaso', // 高森線
  99920: 'kumagawa', // 湯前線
};

// ---------------------------------------------------------------------------
// JR company resolution
// ---------------------------------------------------------------------------
const JR_BY_NAME = [
  [/東海道新幹線/, 'jr-central'],
  [/山陽新幹線|博多南線/, 'jr-west'],
  [/九州新幹線/, 'jr-kyushu'], // includes 西九州新幹線
  [/北海道新幹線/, 'jr-hokkaido'],
  [/東北新幹線|上越新幹線|山形新幹線|秋田新幹線|北陸新幹線/, 'jr-east'],
];
// Known exceptions to the prefecture rule.
const JR_BY_ID = {
  11118: 'jr-hokkaido', // 海峡線
  11402: 'jr-central', // 身延線 (mostly in Yamanashi)
  11411: 'jr-central', // 中央本線(名古屋～塩尻) (mostly in Nagano)
  11414: 'jr-central', // 飯田線(天竜峡～辰野) (Nagano)
  11504: 'jr-east', // 伊東線 (Shizuoka)
  11505: 'jr-central', // 御殿場線 (Kanagawa/Shizuoka)
  11509: 'jr-west', // 関西本線(亀山～加茂) (mostly in Mie)
  11901: 'jr-west', // 博多南線 (Fukuoka)
};
function jrByPrefecture(prefId) {
  if (prefId === 1) return 'jr-hokkaido';
  if ((prefId >= 2 && prefId <= 15) || prefId === 19 || prefId === 20) return 'jr-east';
  if (prefId >= 21 && prefId <= 24) return 'jr-central';
  if ((prefId >= 16 && prefId <= 18) || (prefId >= 25 && prefId <= 35)) return 'jr-west';
  if (prefId >= 36 && prefId <= 39) return 'jr-shikoku';
  if (prefId >= 40 && prefId <= 47) return 'jr-kyushu';
  return null;
}
const isJrLine = (id, name) => /^(JR|ＪＲ)/.test(name) || (id >= 1000 && id < 2000) || (id >= 11000 && id < 12000);

// ---------------------------------------------------------------------------
// Colours. Only lines whose colour is well documented get one; everything else
// is null (the importer generates a stable colour). Sources:
//   brief     - values fixed by the project brief
//   consensus - same hex in several independent public data sets
//               (operator sites / Wikipedia-derived lists)
//   trainlcd  - TrainLCD/StationAPI data/2!lines.csv (keyed by the same
//               ekidata line codes); official hue, exact hex not verified
// ---------------------------------------------------------------------------
const COLORS = {
  brief: {
    11302: '#9ACD32', // 山手線
    11312: '#F15A22', // 中央線快速
    11313: '#FFD400', // 中央・総武線各駅停車
    11332: '#00B2E5', // 京浜東北線
    11321: '#00AC9A', // 埼京線
    11320: '#1DAF7E', // 常磐線(上野～取手)
    11308: '#0067C0', // 横須賀線
    11301: '#F68B1E', // 東海道線(東京～熱海)
    11303: '#FFD400', // 南武線
    26001: '#DA0442', // 東急東横線
    26003: '#20A288', // 東急田園都市線
    24001: '#DD0077', // 京王線
    25001: '#2288CC', // 小田急線
  },
  consensus: {
    // JR East, Tokyo area
    11307: '#00B2E5', // 根岸線 (京浜東北・根岸線)
    11322: '#00AC9A', // 川越線 (埼京・川越線)
    11314: '#0067C0', // 総武本線 (総武快速線)
    11319: '#F68B1E', // 宇都宮線
    11323: '#F68B1E', // 高崎線
    11343: '#F68B1E', // 上野東京ライン
    11304: '#FFD400', // 鶴見線
    11305: '#F15A22', // 武蔵野線
    11315: '#F15A22', // 青梅線
    11316: '#F15A22', // 五日市線
    11306: '#9ACD32', // 横浜線
    11326: '#C9242F', // 京葉線
    11333: '#E21F26', // 湘南新宿ライン
    11309: '#009793', // 相模線
    11317: '#A8A39D', // 八高線(八王子～高麗川)
    11318: '#A8A39D', // 八高線(高麗川～高崎)
    // Tokyo Metro
    28001: '#FF9500', // 銀座線
    28002: '#F62E36', // 丸ノ内線
    28003: '#B5B5AC', // 日比谷線
    28004: '#009BBF', // 東西線
    28005: '#00BB85', // 千代田線
    28006: '#C1A470', // 有楽町線
    28008: '#8F76D6', // 半蔵門線
    28009: '#00AC9B', // 南北線
    28010: '#9C5E31', // 副都心線
    // Toei subway
    99302: '#E85298', // 浅草線
    99303: '#0079C2', // 三田線
    99304: '#6CBB5A', // 新宿線
    99301: '#B6007A', // 大江戸線
    // Osaka Metro
    99618: '#E5171F', // 御堂筋線
    99619: '#522886', // 谷町線
    99620: '#0078BA', // 四つ橋線
    99621: '#019A66', // 中央線
    99622: '#E44D93', // 千日前線
    99623: '#814721', // 堺筋線
    99624: '#A9CC51', // 長堀鶴見緑地線
    99652: '#EE7B1A', // 今里筋線
    99625: '#00A0DE', // 南港ポートタウン線 (ニュートラム)
    // Nagoya Municipal Subway
    99513: '#FAB123', // 東山線
    99514: '#B074D6', // 名城線
    99515: '#B074D6', // 名港線
    99516: '#009BBF', // 鶴舞線
    99517: '#C92F44', // 桜通線
    99518: '#EC78B4', // 上飯田線
    // Tokyu (other lines)
    26002: '#009CD2', // 目黒線
    26004: '#F18C43', // 大井町線
    26005: '#EE86A7', // 池上線
    26006: '#AE0378', // 東急多摩川線
    26007: '#FCC70D', // 世田谷線
    26008: '#0068B7', // こどもの国線
    // Keio / Odakyu (same line colour across the network)
    24002: '#DD0077', // 京王相模原線
    24003: '#DD0077', // 京王高尾線
    24004: '#DD0077', // 京王競馬場線
    24005: '#DD0077', // 京王動物園線
    24007: '#DD0077', // 京王新線
    25002: '#2288CC', // 小田急江ノ島線
    25003: '#2288CC', // 小田急多摩線
    // Meitetsu
    30001: '#D12027', // 名鉄名古屋本線
  },
  trainlcd: {
    24006: '#000088', // 京王井の頭線
    23001: '#005AAA', // 京成本線
    23002: '#005AAA', // 京成押上線
    23003: '#005AAA', // 京成金町線
    23004: '#005AAA', // 京成千葉線
    23005: '#005AAA', // 京成千原線
    99101: '#FFA500', // 札幌 東西線
    99102: '#008000', // 札幌 南北線
    99103: '#0080FF', // 札幌 東豊線
    99214: '#339966', // 仙台 南北線
    99218: '#00B1DD', // 仙台 東西線
    99316: '#005BA5', // 横浜 ブルーライン
    99343: '#40CC40', // 横浜 グリーンライン
    99610: '#66CC99', // 京都 烏丸線
    99611: '#FF6600', // 京都 東西線
    99645: '#01AF98', // 神戸 西神線
    99646: '#01AF98', // 神戸 山手線
    99647: '#0388C0', // 神戸 海岸線
    99905: '#FFA500', // 福岡 空港線
    99906: '#00BFFF', // 福岡 箱崎線
    99907: '#228B22', // 福岡 七隈線
  },
};

// ---------------------------------------------------------------------------
// Nicknames (short display names)
// ---------------------------------------------------------------------------
// Prefixes removed from the line name to get the short name.
const NICK_PREFIXES = [
  'JR',
  'ＪＲ',
  '東京メトロ',
  '都営',
  '東急',
  '京王',
  '小田急',
  '西武',
  '東武',
  '京成',
  '京急',
  '相鉄',
  '名鉄',
  '近鉄',
  '南海',
  '京阪',
  '阪急',
  '阪神',
  '西鉄',
  '札幌市営地下鉄',
  '仙台市営地下鉄',
  '名古屋市営地下鉄',
  '京都市営地下鉄',
  '大阪市営地下鉄',
  'Osaka Metro',
  '神戸市営地下鉄',
  '福岡市営地下鉄',
  '札幌市電',
  '函館市電',
  '熊本市電',
  '鹿児島市電',
  '長崎電軌',
  '広電',
  '琴電',
  '伊予鉄道',
  '富山地鉄',
  '北陸鉄道',
  'えちぜん鉄道',
  '福井鉄道',
  '静岡鉄道',
  '豊橋鉄道',
  '明知鉄道',
  '長良川鉄道',
  '樽見鉄道',
  '三岐鉄道',
  '伊勢鉄道',
  '伊賀鉄道',
  '養老鉄道',
  '近江鉄道',
  '信楽高原鐵道',
  '叡山電鉄',
  '京福電鉄',
  '能勢電鉄',
  '山陽電鉄',
  '北条鉄道',
  '智頭急行',
  '阪堺電軌',
  '神戸高速',
  '北神急行',
  '熊本電鉄',
  '秩父鉄道',
  '伊豆箱根鉄道',
  'ひたちなか海浜鉄道',
  '関東鉄道',
  '鹿島臨海鉄道',
  '上毛電気鉄道',
  '真岡鐵道',
  '流鉄',
  '北総鉄道',
  '弘南鉄道',
  '福島交通',
  '会津鉄道',
  '上田電鉄',
  '長野電鉄',
  '北越急行',
  '大井川鐵道',
  '千葉都市モノレール',
  '大阪モノレール',
  '東海交通事業',
  '三陸鉄道',
  '水間鉄道',
  'のと鉄道',
].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
// A remainder like this alone is not a usable short name; keep the full name.
const WEAK_REMAINDER = /^(線|本線|新線|鉄道線)$/;

const NICK_BY_ID = {
  // JR: official line names instead of promotional names
  11203: '大湊線', // はまなすベイライン大湊線
  11208: '大船渡線', // ドラゴンレール大船渡線
  11209: '釜石線', // 銀河ドリームライン釜石線
  11212: '花輪線', // 十和田八幡平四季彩ライン
  11218: '左沢線', // フルーツライン左沢線
  11220: '陸羽西線', // 奥の細道最上川ライン
  11221: '陸羽東線', // 奥の細道湯けむりライン
  11226: '磐越西線', // 森と水とロマンの鉄道
  11228: '磐越東線', // ゆうゆうあぶくまライン
  11401: '小海線', // 八ヶ岳高原線
  11409: '大糸線', // 北アルプス線
  11421: '越美北線', // 九頭竜線
  11803: '徳島線', // よしの川ブルーライン
  11808: '予土線', // しまんとグリーンライン
  11913: '久大本線', // ゆふ高原線
  11916: '香椎線', // 海の中道線
  11923: '豊肥本線', // 阿蘇高原線
  11925: '肥薩線', // えびの高原線(八代～吉松)
  11929: '吉都線', // えびの高原線
  // JR: names where the bracket or the JR prefix carries meaning
  11312: '中央線快速', // JR中央線(快速)
  11602: 'JR京都線', // 京都線
  11603: 'JR神戸線',
  11608: 'JR神戸線',
  11629: 'JR宝塚線',
  11625: 'JR東西線',
  11624: 'JRゆめ咲線',
  // private: current line names where the operator changed
  21004: 'アーバンパークライン', // 東武野田線 (brand name since 2014)
  23006: '成田スカイアクセス線',
  24007: '京王新線',
  99329: '松戸線', // 新京成線 -> 京成松戸線 (2025)
  99415: '富山港線', // 富山ライトレール -> 富山地方鉄道富山港線 (2020)
  99616: '泉北線', // 泉北高速鉄道線 -> 南海泉北線 (2025)
  99207: 'リアス線', // 三陸鉄道北リアス線 (unified as リアス線 in 2019)
  99208: 'リアス線', // 三陸鉄道南リアス線
  99305: '都電荒川線',
  99327: '上信線', // 上信電鉄
  99339: '箱根登山鉄道線', // 箱根登山鉄道鉄道線
  99341: '会津鬼怒川線', // ほっとスパ・ライン
  99506: '遠州鉄道線', // 遠州鉄道鉄道線
  99614: '北大阪急行線', // 北大阪急行電鉄
  99647: '海岸線', // 夢かもめ
  99901: '甘木線', // 甘木鉄道
};

const toHalfWidth = (s) => s.replace(/[！-～]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');
const stripBrackets = (s) =>
  s
    .replace(/【[^】]*】/g, '')
    .replace(/\([^)]*\)/g, '')
    .replace(/（[^）]*）/g, '')
    .trim();

function nicknameOf(id, name) {
  if (NICK_BY_ID[id]) return NICK_BY_ID[id];
  const base = toHalfWidth(stripBrackets(name));
  for (const p of NICK_PREFIXES) {
    const hp = toHalfWidth(p);
    if (base.startsWith(hp)) {
      const rest = base.slice(hp.length).trim();
      if (rest && !WEAK_REMAINDER.test(rest)) return rest;
      return base;
    }
  }
  return base;
}

// ---------------------------------------------------------------------------
// helpers
// ---------------------------------------------------------------------------
function loadData(spec) {
  const isPath = spec.startsWith('.') || path.isAbsolute(spec);
  const target = isPath ? path.resolve(process.cwd(), spec) : spec;
  const requirers = [createRequire(import.meta.url), createRequire(path.join(process.cwd(), 'noop.js'))];
  let lastErr;
  for (const req of requirers) {
    try {
      return req(target);
    } catch (err) {
      lastErr = err;
    }
  }
  throw new Error(`cannot load '${spec}': ${lastErr && lastErr.message}`);
}

function makePrefMatcher(prefectures) {
  const exact = new Map(prefectures.map((p) => [p.name.ja, p.id]));
  const cache = new Map();
  return (name) => {
    if (!name) return null;
    if (exact.has(name)) return exact.get(name);
    if (cache.has(name)) return cache.get(name);
    // U+FFFD runs replace one multi-byte character
    const parts = name.split(/\uFFFD+/).map((x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    const re = new RegExp(`^${parts.join('.')}$`);
    const hits = prefectures.filter((p) => re.test(p.name.ja));
    const id = hits.length === 1 ? hits[0].id : null;
    cache.set(name, id);
    return id;
  };
}

function slugFromEnglish(en) {
  const s = String(en || '')
    .replace(/\(.*?\)/g, '')
    .replace(/\b(main\s+)?line\b.*$/i, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return s || null;
}

// ---------------------------------------------------------------------------
// main
// ---------------------------------------------------------------------------
const { prefectures, lines } = loadData(process.argv[2] || 'japan-train-data');
const prefOf = makePrefMatcher(prefectures);

// merge the per-prefecture copies of each line
const merged = new Map();
for (const l of lines) {
  let m = merged.get(l.id);
  if (!m) {
    m = { id: l.id, name: l.name, stations: l.stations || [], linePrefs: [] };
    merged.set(l.id, m);
  }
  if (l.prefecture && !m.linePrefs.includes(l.prefecture.id)) m.linePrefs.push(l.prefecture.id);
}

const railwayNames = new Map(RAILWAYS);
const prefixList = Object.keys(PREFIX_RULES).sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
const colorOf = new Map();
const colorSource = new Map();
for (const [source, table] of Object.entries(COLORS)) {
  for (const [id, hex] of Object.entries(table)) {
    if (colorOf.has(Number(id))) throw new Error(`colour defined twice for ${id}`);
    if (!/^#[0-9A-F]{6}$/.test(hex)) throw new Error(`bad colour ${hex} for ${id}`);
    colorOf.set(Number(id), hex);
    colorSource.set(Number(id), source);
  }
}

const extraRailways = new Map(); // fallback railways derived from names
const notes = { fallback: [], jrByPrefecture: [] };

function majorityPrefecture(m) {
  const counts = new Map();
  for (const s of m.stations) {
    const pid = prefOf(s.location && s.location.administrativeArea1 && s.location.administrativeArea1.ja);
    if (pid) counts.set(pid, (counts.get(pid) || 0) + 1);
  }
  let best = null;
  for (const [pid, n] of [...counts].sort((a, b) => a[0] - b[0])) {
    if (!best || n > best[1]) best = [pid, n];
  }
  return best ? best[0] : m.linePrefs.length ? Math.min(...m.linePrefs) : null;
}

function railwayOf(m) {
  const { id } = m;
  const name = m.name.ja;
  if (ID_RAILWAY[id]) return ID_RAILWAY[id];
  if (isJrLine(id, name)) {
    for (const [re, code] of JR_BY_NAME) if (re.test(name)) return code;
    if (JR_BY_ID[id]) return JR_BY_ID[id];
    const pref = majorityPrefecture(m);
    const code = jrByPrefecture(pref);
    if (code) {
      notes.jrByPrefecture.push(`${id} ${name} -> pref ${pref} -> ${code}`);
      return code;
    }
  }
  const hp = toHalfWidth(name);
  for (const p of prefixList) if (hp.startsWith(toHalfWidth(p))) return PREFIX_RULES[p];
  // fallback: operator named from the prefix before 線, else その他
  const match = /^(.+?(?:鉄道|鐵道|電鉄|電気鉄道|急行|交通|電軌))/.exec(name);
  const slug = slugFromEnglish(m.name.en);
  if (match && slug && !railwayNames.has(slug)) {
    extraRailways.set(slug, match[1]);
    notes.fallback.push(`${id} ${name} -> ${slug} (${match[1]})`);
    return slug;
  }
  notes.fallback.push(`${id} ${name} -> other`);
  return 'other';
}

const out = { railways: [], lines: {} };
const used = new Map();
for (const id of [...merged.keys()].sort((a, b) => a - b)) {
  const m = merged.get(id);
  const railway = railwayOf(m);
  used.set(railway, (used.get(railway) || 0) + 1);
  out.lines[String(id)] = {
    railway,
    color: colorOf.has(id) ? colorOf.get(id) : null,
    nickname: nicknameOf(id, m.name.ja),
  };
}
for (const [code, name] of RAILWAYS) if (used.has(code)) out.railways.push({ code, name });
for (const code of [...extraRailways.keys()].sort()) out.railways.push({ code, name: extraRailways.get(code) });

// sanity checks
const codes = out.railways.map((r) => r.code);
if (new Set(codes).size !== codes.length) throw new Error('duplicate railway code');
for (const c of codes) if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(c)) throw new Error(`bad railway code ${c}`);
for (const id of colorOf.keys()) if (!merged.has(id)) throw new Error(`colour for unknown line ${id}`);
for (const id of Object.keys(ID_RAILWAY)) if (!merged.has(Number(id))) throw new Error(`ID_RAILWAY unknown line ${id}`);
for (const id of Object.keys(NICK_BY_ID)) if (!merged.has(Number(id))) throw new Error(`NICK_BY_ID unknown line ${id}`);

mkdirSync(path.dirname(OUT_FILE), { recursive: true });
writeFileSync(OUT_FILE, JSON.stringify(out, null, 2) + '\n');

// summary
const lineIds = Object.keys(out.lines);
const withColor = lineIds.filter((k) => out.lines[k].color).length;
const bySource = {};
for (const id of lineIds.map(Number)) if (colorSource.has(id)) bySource[colorSource.get(id)] = (bySource[colorSource.get(id)] || 0) + 1;
console.log(`source entries:      ${lines.length} (merged by id -> ${merged.size} lines)`);
console.log(`lines:               ${lineIds.length}`);
console.log(`railways:            ${out.railways.length}`);
console.log(
  `lines with colour:   ${withColor} (${Object.entries(bySource)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')})`,
);
console.log(`fallback railway:    ${notes.fallback.length}${notes.fallback.length ? '\n  ' + notes.fallback.join('\n  ') : ''}`);
console.log('lines per railway:');
for (const r of out.railways) console.log(`  ${r.code.padEnd(22)} ${r.name} ${used.get(r.code)}`);
if (process.env.LINE_META_VERBOSE) console.log(notes.jrByPrefecture.join('\n'));
console.log(`wrote ${path.relative(process.cwd(), OUT_FILE)}`);
