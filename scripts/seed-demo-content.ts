/** Demo prompts for `npm run seed:demo`: Indonesian texts for YouTube live-stream content. */

/** A generated cover: a diagonal gradient between two colours with a motif drawn on top. */
export type DemoArt = { from: number; to: number; motif: 'rain' | 'waves' | 'bars' | 'circles' | 'stars' | 'grid' };

export type DemoPrompt = {
  title: string;
  description: string;
  prompt_template: string;
  prompt_music: string;
  art?: DemoArt;
};

export const DEMO_PROMPTS: readonly DemoPrompt[] = [
  {
    title: 'Lofi Hujan Malam untuk Belajar',
    description: 'Paket judul, deskripsi, dan musik lofi bernuansa hujan untuk live 24 jam yang menemani penonton belajar.',
    prompt_template:
      'Buatkan 10 judul live YouTube berbahasa Indonesia untuk siaran 24/7 musik lofi dengan suara hujan di malam hari. Target penonton: pelajar dan mahasiswa yang belajar larut malam. Setiap judul maksimal 70 karakter, memakai 1 emoji yang relevan, dan memuat kata kunci "lofi", "hujan", atau "belajar". Tambahkan deskripsi 3 paragraf dengan ajakan subscribe dan 15 tag.',
    prompt_music:
      'lofi hip hop, gentle rain on window, soft vinyl crackle, mellow Rhodes piano chords, slow boom bap drums at 70 bpm, warm bass, calm and cozy late night study mood, no vocals, seamless loop',
    art: { from: 0x1e2a4aff, to: 0x4b3b6bff, motif: 'rain' },
  },
  {
    title: 'Suara Hujan Deras & Petir untuk Tidur',
    description: 'Prompt audio ambience hujan lebat dengan gemuruh petir jauh, cocok untuk live 10 jam pengantar tidur.',
    prompt_template:
      'Tulis deskripsi live YouTube untuk siaran suara hujan deras dan petir selama 10 jam. Jelaskan manfaatnya untuk tidur nyenyak, meredakan stres, dan menutupi kebisingan. Sertakan timestamp, peringatan untuk tidak memutar saat berkendara, dan 3 pertanyaan untuk memancing komentar.',
    prompt_music:
      'heavy rain ambience, distant rolling thunder, rain on tin roof, deep brown noise bed, no music, no melody, steady and immersive, perfect for sleep, 10 hours seamless',
    art: { from: 0x0f172aff, to: 0x334155ff, motif: 'rain' },
  },
  {
    title: 'Piano Relaksasi Pagi Hari',
    description: 'Musik piano lembut untuk memulai hari dengan tenang, plus judul live yang ramah pencarian.',
    prompt_template:
      'Buat 8 variasi judul live YouTube untuk siaran musik piano relaksasi di pagi hari. Gunakan gaya bahasa hangat dan positif, sebutkan manfaat seperti "fokus", "tenang", atau "semangat pagi". Akhiri setiap judul dengan tanda "| Live 24/7".',
    prompt_music:
      'solo acoustic piano, soft felt piano tone, slow tempo 60 bpm, major key, gentle arpeggios, morning sunlight mood, peaceful and hopeful, light room reverb, no drums',
    art: { from: 0xfde68aff, to: 0xf59e0bff, motif: 'circles' },
  },
  {
    title: 'ASMR Ketikan Keyboard Mekanik',
    description: 'Template untuk live ASMR suara keyboard mekanik yang memuaskan, tanpa bicara.',
    prompt_template:
      'Buatkan judul, deskripsi, dan 20 tag untuk live YouTube ASMR suara ketikan keyboard mekanik (switch biru dan cokelat) tanpa bicara. Tekankan kata "satisfying", "no talking", dan "fokus kerja". Deskripsi maksimal 150 kata dengan ajakan memakai headphone.',
    prompt_music: '',
    art: { from: 0x111827ff, to: 0x6b7280ff, motif: 'grid' },
  },
  {
    title: 'Live Gaming Santai Malam Minggu',
    description: 'Judul dan deskripsi live gaming yang mengundang penonton ngobrol di chat.',
    prompt_template:
      'Kamu adalah kreator gaming Indonesia. Buat 10 judul live streaming bermain game santai di malam Minggu yang mengajak penonton ikut ngobrol di live chat. Gunakan bahasa gaul yang sopan, maksimal 60 karakter, dan sertakan nama game dalam tanda kurung siku, misalnya [Minecraft].',
    prompt_music:
      'upbeat chiptune, retro 8-bit synth lead, energetic drums 120 bpm, playful and fun gaming background, loopable, no vocals',
    art: { from: 0x7c3aedff, to: 0xdb2777ff, motif: 'bars' },
  },
  {
    title: 'Ombak Pantai Senja',
    description: 'Ambience ombak pantai dan burung camar untuk live relaksasi sore hari.',
    prompt_template: '',
    prompt_music:
      'ocean waves gently crashing on sandy beach, soft seagulls in the distance, light coastal wind, golden hour ambience, no music, calm and meditative, continuous loop',
    art: { from: 0xf97316ff, to: 0x0ea5e9ff, motif: 'waves' },
  },
  {
    title: 'Jazz Kafe Hujan Sore',
    description: 'Musik jazz kafe dengan suara hujan tipis dan denting cangkir kopi.',
    prompt_template:
      'Buat deskripsi live YouTube bertema "kafe jazz di sore hari saat hujan". Ceritakan suasana kafe dalam 2 kalimat puitis, lalu daftar manfaat (fokus, santai, menemani kerja). Tambahkan 10 hashtag berbahasa Indonesia dan Inggris.',
    prompt_music:
      'smooth cafe jazz, upright bass walking line, brushed drums, mellow saxophone melody, soft piano comping, light rain outside, coffee cup clinks, relaxed 85 bpm, cozy afternoon',
    art: { from: 0x78350fff, to: 0xd97706ff, motif: 'rain' },
  },
  {
    title: 'Meditasi 432 Hz Penenang Pikiran',
    description: 'Prompt musik meditasi frekuensi 432 Hz untuk live yoga dan mindfulness.',
    prompt_template:
      'Tulis naskah pembuka 60 detik untuk live meditasi: sapa penonton, ajak menarik napas dalam 3 kali, dan jelaskan singkat bahwa musik ini disetel pada 432 Hz. Gunakan kalimat pendek dan menenangkan.',
    prompt_music:
      '432 Hz meditation music, warm ambient pads, Tibetan singing bowls, soft drones, very slow evolving textures, no percussion, deep relaxation and mindfulness, 1 hour seamless',
    art: { from: 0x065f46ff, to: 0x34d399ff, motif: 'circles' },
  },
  {
    title: 'Synthwave Retro Berkendara Malam',
    description: 'Musik synthwave 80-an untuk live visual jalan raya neon.',
    prompt_template: '',
    prompt_music:
      'retro synthwave, 80s analog synth bass arpeggio, gated reverb snare, neon night drive, nostalgic lead melody, 100 bpm, cinematic and dreamy, instrumental, loopable',
    art: { from: 0x1e1b4bff, to: 0xec4899ff, motif: 'grid' },
  },
  {
    title: 'Api Unggun di Hutan Pinus',
    description: 'Ambience api unggun berderak dengan suara jangkrik untuk live malam yang hangat.',
    prompt_template:
      'Buat 5 judul live YouTube untuk siaran "api unggun di hutan pinus" yang ditujukan untuk penonton yang susah tidur. Setiap judul harus menyebut durasi (misalnya 8 jam) dan satu manfaat.',
    prompt_music:
      'crackling campfire, gentle forest night ambience, crickets, soft wind through pine trees, occasional owl, no music, warm and cozy, seamless 8 hours',
    art: { from: 0x7f1d1dff, to: 0xf59e0bff, motif: 'stars' },
  },
  {
    title: 'Musik Fokus Kerja Tanpa Lirik',
    description: 'Musik instrumental untuk produktivitas, plus jadwal live yang terstruktur.',
    prompt_template:
      'Susun jadwal live 24 jam untuk channel musik fokus kerja: bagi menjadi blok 2 jam dengan tema berbeda (lofi, ambient, piano, jazz). Untuk setiap blok tulis judul segmen dan satu kalimat deskripsi.',
    prompt_music:
      'deep focus instrumental, minimal electronic beats, soft arpeggiated synths, steady 90 bpm groove, no vocals, no sudden changes, productive and calm, loop friendly',
  },
  {
    title: 'Thumbnail Live Lofi Estetik',
    description: 'Prompt gambar untuk membuat thumbnail live lofi dengan AI image generator.',
    prompt_template:
      'Buat prompt untuk AI image generator: ilustrasi anime gadis sedang belajar di meja dekat jendela saat hujan malam, lampu meja hangat, kucing tidur di rak buku, palet warna ungu dan biru, gaya lofi, rasio 16:9, resolusi 1280x720, ruang kosong di kiri untuk teks judul.',
    prompt_music: '',
    art: { from: 0x312e81ff, to: 0xa78bfaff, motif: 'stars' },
  },
  {
    title: 'Hujan di Hutan Tropis',
    description: 'Suara hujan di hutan tropis Indonesia dengan kicau burung setelah reda.',
    prompt_template: '',
    prompt_music:
      'tropical rainforest rain, dense foliage drips, distant frogs, birds chirping as rain fades, humid jungle ambience, natural field recording style, no music, relaxing loop',
    art: { from: 0x14532dff, to: 0x4ade80ff, motif: 'rain' },
  },
  {
    title: 'Lagu Tidur Bayi Kotak Musik',
    description: 'Musik kotak musik lembut untuk live pengantar tidur anak.',
    prompt_template:
      'Tulis deskripsi live YouTube untuk musik pengantar tidur bayi. Nada ramah untuk orang tua, sebutkan bahwa volume sebaiknya rendah, dan tambahkan daftar 5 tips rutinitas tidur bayi.',
    prompt_music:
      'gentle music box lullaby, soft celesta and glockenspiel, slow 3/4 waltz at 60 bpm, warm pad underneath, soothing and innocent, bedtime for babies, seamless loop',
  },
  {
    title: 'Gamelan Ambient Modern',
    description: 'Perpaduan gamelan Jawa dan ambient elektronik untuk live bernuansa Nusantara.',
    prompt_template:
      'Buat 6 judul live YouTube yang memperkenalkan musik gamelan ambient kepada penonton muda. Gabungkan kata "gamelan" dengan "relaksasi", "fokus", atau "healing". Sertakan deskripsi singkat tentang keindahan budaya Indonesia.',
    prompt_music:
      'modern ambient with Javanese gamelan, soft bonang and gender metallophone patterns, slendro scale, airy synth pads, gentle pulse, meditative and spiritual, instrumental',
    art: { from: 0x92400eff, to: 0xfbbf24ff, motif: 'circles' },
  },
  {
    title: 'White Noise Kipas Angin',
    description: 'Suara kipas angin konstan untuk live tidur dan konsentrasi.',
    prompt_template:
      'Buat judul dan deskripsi singkat untuk live "suara kipas angin 12 jam". Jelaskan manfaat white noise untuk bayi, pekerja shift malam, dan orang yang tinggal di lingkungan bising.',
    prompt_music: 'steady electric fan white noise, consistent airflow hum, no variation, no music, 12 hours seamless',
  },
  {
    title: 'Live Chill Beats Minggu Pagi',
    description: 'Musik chill hop ceria untuk live akhir pekan.',
    prompt_template:
      'Buat 10 pesan sambutan otomatis untuk live chat yang menyapa penonton baru di live chill beats Minggu pagi. Variasikan kalimatnya, gunakan emoji secukupnya, dan ajak penonton menyebutkan kota asal mereka.',
    prompt_music:
      'sunny chillhop, jazzy guitar licks, bouncy bass, crisp drums 88 bpm, birds and morning ambience, warm vinyl texture, happy weekend vibes, instrumental',
    art: { from: 0x0284c7ff, to: 0xfde047ff, motif: 'bars' },
  },
  {
    title: 'Deskripsi SEO Live 24/7',
    description: 'Template deskripsi live yang ramah SEO untuk channel musik otomatis.',
    prompt_template:
      'Kamu adalah ahli SEO YouTube. Tulis deskripsi live 24/7 untuk channel musik {genre}. Struktur: 2 kalimat pembuka berisi kata kunci utama, daftar manfaat dengan bullet, ajakan subscribe dan aktifkan lonceng, tautan playlist, lalu 15 tag yang dipisahkan koma. Panjang maksimal 1.000 karakter.',
    prompt_music: '',
  },
  {
    title: 'Suara Kereta Malam',
    description: 'Ambience perjalanan kereta di malam hari dengan hujan di jendela.',
    prompt_template: '',
    prompt_music:
      'night train journey ambience, rhythmic wheels on tracks, soft carriage rumble, light rain on window, distant horn, cozy travel atmosphere, no music, long seamless loop',
    art: { from: 0x0f172aff, to: 0x6366f1ff, motif: 'waves' },
  },
  {
    title: 'Rotasi Judul Live Otomatis',
    description: 'Menghasilkan banyak variasi judul untuk fitur rotasi judul per sesi.',
    prompt_template:
      'Buat 20 variasi judul live YouTube untuk tema {tema}, satu judul per baris, tanpa nomor. Setiap judul unik, 45-70 karakter, memuat kata kunci {kata_kunci}, dan tidak memakai huruf kapital semua. Hasilnya akan disimpan sebagai file titles.txt untuk rotasi judul otomatis.',
    prompt_music: '',
  },
  {
    title: 'Deskripsi Spintax untuk Live',
    description: 'Template deskripsi dengan format spintax {a|b|c} agar setiap sesi berbeda.',
    prompt_template:
      'Tulis deskripsi live YouTube dalam format spintax, contoh: {Selamat datang|Halo|Hai} di live {musik santai|musik relaksasi}. Buat 5 kalimat, setiap kalimat punya minimal 2 bagian spintax, dan pastikan semua kombinasi tetap enak dibaca dalam bahasa Indonesia.',
    prompt_music: '',
    art: { from: 0x4c1d95ff, to: 0x22d3eeff, motif: 'grid' },
  },
  {
    title: 'Musik Healing Akustik Gitar',
    description: 'Gitar akustik lembut untuk live healing dan self-care.',
    prompt_template:
      'Buat 5 caption pendek untuk Community Post YouTube yang mempromosikan live musik healing gitar akustik malam ini pukul 20.00 WIB. Nada hangat dan personal.',
    prompt_music:
      'warm fingerpicked acoustic guitar, soft nylon strings, gentle ambient pad, slow 70 bpm, healing and self-care mood, intimate close-mic sound, instrumental',
  },
  {
    title: 'Kota Neon Hujan Cyberpunk',
    description: 'Ambience kota futuristik hujan untuk live visual cyberpunk.',
    prompt_template:
      'Buat prompt AI image generator untuk latar live: jalanan kota cyberpunk saat hujan malam, papan neon berbahasa Indonesia, pantulan cahaya di aspal basah, kabut tipis, sudut kamera rendah, rasio 16:9, tanpa teks di bagian tengah.',
    prompt_music:
      'dark ambient cyberpunk city, rain on neon streets, distant traffic, deep synth drones, subtle electronic pulses, futuristic and moody, no vocals, loop',
    art: { from: 0x020617ff, to: 0xd946efff, motif: 'rain' },
  },
  {
    title: 'Pembuka Live Musik Santai',
    description: 'Naskah sapaan singkat yang dibacakan di awal live.',
    prompt_template:
      'Tulis 3 versi naskah pembuka live berdurasi 20 detik untuk channel musik santai. Sapa penonton, sebutkan tema hari ini, dan ajak like serta share. Gaya bicara ramah seperti penyiar radio malam.',
    prompt_music: '',
  },
  {
    title: 'Suara Alam Air Terjun',
    description: 'Gemericik air terjun dan aliran sungai untuk live relaksasi.',
    prompt_template: '',
    prompt_music:
      'waterfall and flowing river, rushing water close up, birds in the background, fresh mountain air ambience, natural and refreshing, no music, seamless loop',
    art: { from: 0x0c4a6eff, to: 0x67e8f9ff, motif: 'waves' },
  },
  {
    title: 'Lofi Ramadan Menjelang Sahur',
    description: 'Musik lofi syahdu untuk menemani waktu sahur di bulan Ramadan.',
    prompt_template:
      'Buat 8 judul live YouTube untuk musik lofi menemani sahur di bulan Ramadan. Hindari kata-kata yang berlebihan, gunakan nuansa tenang dan khidmat, serta sebutkan "sahur" atau "Ramadan" di setiap judul.',
    prompt_music:
      'calm lofi beats, soft oud-inspired melody, gentle hand percussion, warm pads, quiet pre-dawn atmosphere, peaceful and reflective, 72 bpm, no vocals',
    art: { from: 0x064e3bff, to: 0xfacc15ff, motif: 'stars' },
  },
  {
    title: 'Piano Sedih untuk Menulis',
    description: 'Piano melankolis untuk menemani menulis dan merenung.',
    prompt_template: '',
    prompt_music:
      'melancholic solo piano, minor key, sparse notes with long sustain, intimate and emotional, slow 55 bpm, rainy window mood, for writing and reflection, instrumental',
  },
  {
    title: 'Balasan Komentar Live Chat',
    description: 'Template membalas komentar penonton secara sopan dan cepat.',
    prompt_template:
      'Kamu adalah moderator live chat channel musik. Buat 15 balasan singkat (maksimal 12 kata) untuk komentar umum: salam, permintaan lagu, pertanyaan judul lagu, pujian, dan penonton yang baru bergabung. Bahasa Indonesia santai dan sopan.',
    prompt_music: '',
  },
  {
    title: 'Ambience Perpustakaan Tua',
    description: 'Suasana perpustakaan klasik untuk live belajar bersama (study with me).',
    prompt_template:
      'Buat judul dan deskripsi live "Study With Me" 4 jam dengan teknik Pomodoro (50 menit belajar, 10 menit istirahat). Sertakan jadwal sesi dalam deskripsi dan ajak penonton menulis target belajar mereka di kolom komentar.',
    prompt_music:
      'old library ambience, pages turning, soft footsteps on wooden floor, quiet pen scratching, distant clock ticking, gentle rain outside, no music, study atmosphere',
    art: { from: 0x451a03ff, to: 0xa16207ff, motif: 'grid' },
  },
  {
    title: 'Musik Latar Live Berita Santai',
    description: 'Musik latar netral untuk siaran informasi atau rangkuman harian.',
    prompt_template:
      'Buat struktur siaran live harian 30 menit berisi rangkuman berita ringan: pembuka, 5 segmen topik, jeda musik, dan penutup. Tulis kalimat transisi antar segmen.',
    prompt_music:
      'neutral corporate background music, light plucked synths, soft piano, steady 100 bpm, unobtrusive and positive, suitable under speech, loopable, instrumental',
  },
];
