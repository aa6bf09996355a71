export type TutorialItem = { title: string; text: string; example?: string };

export const CLIENT_SECRET_STEPS: string[] = [
  'Buka Google Cloud Console (console.cloud.google.com) dan masuk dengan akun Google pemilik channel.',
  'Buat project baru, beri nama yang mudah dikenali, misalnya "LoopBOT Channel 1".',
  'Masuk ke menu "APIs & Services" → "Library", cari "YouTube Data API v3", lalu klik Enable.',
  'Buka "OAuth consent screen", pilih tipe External, isi nama aplikasi dan e-mail Anda, lalu tambahkan akun Anda sebagai Test user.',
  'Buka "Credentials" → "Create Credentials" → "OAuth client ID", pilih tipe aplikasi "Desktop app".',
  'Klik Download JSON. File inilah client secret Anda: simpan di folder project LoopBOT dan jangan dibagikan ke siapa pun.',
  'Di LoopBOT, pilih file client secret tersebut lalu login dengan akun Google yang sama. Satu project untuk satu akun Google.',
];

export const SETTINGS: TutorialItem[] = [
  {
    title: 'Duration (durasi)',
    text: 'Lama setiap live berjalan, dengan format jam:menit:detik.',
    example: '02:30:00 untuk live 2,5 jam',
  },
  {
    title: 'Delay (jeda)',
    text: 'Jeda dalam menit antara live yang selesai dan live berikutnya dimulai.',
    example: '5 untuk jeda 5 menit',
  },
  {
    title: 'Max duplicate',
    text: 'Berapa kali judul yang sama boleh dipakai sebelum LoopBOT wajib memakai judul lain.',
    example: '2',
  },
  {
    title: 'Filter low viewers',
    text: 'Live dengan penonton di bawah batas yang Anda tentukan diakhiri lebih awal, lalu sesi berikutnya dimulai.',
    example: '3 penonton',
  },
];

export const ADVANCED_OPTIONS: TutorialItem[] = [
  { title: 'Auto-rotate titles', text: 'Judul diambil bergiliran dari file judul Anda di setiap sesi baru.' },
  {
    title: 'Randomize content',
    text: 'Urutan judul, deskripsi, dan thumbnail diacak agar setiap live terlihat berbeda.',
  },
  { title: 'Avoid duplicates', text: 'Mencegah judul atau thumbnail yang sama muncul berturut-turut.' },
];

export const REQUIRED_FILES: TutorialItem[] = [
  { title: 'File judul (.txt)', text: 'Satu judul per baris.', example: 'Lagu Santai Pengantar Tidur 24 Jam' },
  {
    title: 'File deskripsi (.txt)',
    text: 'Satu deskripsi per baris, mendukung spintax dengan format {a|b|c}.',
    example: '{Selamat datang|Halo} di channel kami, {selamat menikmati|jangan lupa subscribe}!',
  },
  {
    title: 'File stream key (.txt)',
    text: 'Satu stream key per baris, sesuai urutan channel.',
    example: 'abcd-1234-efgh-5678-ijkl',
  },
  {
    title: 'Folder thumbnail',
    text: 'Gambar 1280×720 berformat JPG atau PNG, maksimal 2MB per file. Nama file bebas.',
  },
];

export const BEGINNER_TIPS: string[] = [
  'Mulailah dengan durasi uji 5-10 menit untuk memastikan semua pengaturan benar.',
  'Pakai delay 3-5 menit di antara live agar YouTube sempat memproses siaran sebelumnya.',
  'Siapkan 10-20 judul supaya rotasi terasa alami dan tidak cepat berulang.',
  'Aktifkan notifikasi Telegram agar Anda langsung tahu bila ada live yang gagal.',
];
