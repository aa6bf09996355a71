/** The second half of the demo prompts (see seed-demo-content.ts). */
import type { DemoPrompt } from './seed-demo-content';

export const MORE_DEMO_PROMPTS: readonly DemoPrompt[] = [
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
