import type { LegalSection } from './legal';

export const TERMS_OF_USE: LegalSection[] = [
  {
    title: '1. Persetujuan',
    paragraphs: [
      'Dengan membeli, memasang, atau menggunakan LoopBOT maupun LoopStream, Anda menyatakan telah membaca, memahami, dan menyetujui Syarat Penggunaan ini. Jika tidak setuju, mohon untuk tidak menggunakan layanan kami.',
    ],
  },
  {
    title: '2. Deskripsi layanan',
    items: [
      'LoopBOT adalah software desktop untuk membuat, menjadwalkan, memulai, dan mengakhiri live YouTube secara otomatis. LoopBOT tidak melakukan streaming sendiri; aplikasi streaming terpisah tetap diperlukan.',
      'LoopStream adalah layanan streaming cloud di server dedicated yang memutar video Anda 24/7 sesuai jadwal, dengan target uptime 99,9%.',
      'Tersedia uji coba gratis [[{trial_days} hari untuk LoopBOT dan ]]1 hari untuk LoopStream tanpa kartu kredit[[, serta paket {name:loopbot-trial-4-hari} LoopBOT seharga {price:loopbot-trial-4-hari}]].',
    ],
  },
  {
    title: '3. Penggunaan yang diizinkan',
    items: [
      'Mengelola live streaming di channel YouTube milik Anda sendiri atau yang Anda kelola secara sah.',
      'Menggunakan satu lisensi LoopBOT pada satu perangkat. Lisensi dapat dinonaktifkan lalu dipindahkan ke perangkat lain.',
      'Menyiarkan konten yang Anda miliki atau yang berhak Anda gunakan.',
    ],
  },
  {
    title: '4. Penggunaan yang dilarang',
    items: [
      'Membagikan, menjual kembali, atau menyewakan lisensi kepada pihak lain.',
      'Membongkar, memodifikasi, atau mencoba melewati sistem lisensi dan anti-pembajakan.',
      'Menyiarkan konten yang melanggar hak cipta, hukum yang berlaku, atau kebijakan YouTube.',
      'Menggunakan layanan untuk spam, penipuan, atau aktivitas yang merugikan pihak lain.',
    ],
  },
  {
    title: '5. Ketentuan pembayaran',
    items: [
      'Langganan dibayar di muka setiap bulan melalui transfer bank, e-wallet, atau QRIS, dan dapat diperpanjang.',
      '[[Dibanding paket {name:loopbot-1-bulan}, paket LoopBOT yang lebih panjang lebih hemat per bulan: {savings:loopbot}.]]',
      'Kami mengirim pengingat perpanjangan 3 hari sebelum masa langganan berakhir.',
      'Garansi 30 hari: jika layanan tidak berfungsi dalam 42 jam pertama, dana dikembalikan 100%.',
      'Jika server LoopStream mati selama 24 jam, Anda mendapat pengembalian dana secara proporsional.',
      'Harga dapat berubah sewaktu-waktu tanpa pemberitahuan; harga yang berlaku adalah harga saat pembelian.',
    ],
  },
  {
    title: '6. Tanggung jawab pengguna',
    items: [
      'Menjaga kerahasiaan lisensi, file client secret, stream key, dan akun Google Anda.',
      'Memastikan konten dan channel Anda mematuhi kebijakan YouTube dan Google AdSense.',
      'Menyediakan koneksi internet yang memadai (kecepatan upload minimal 10 Mbps untuk mengunggah video).',
    ],
  },
  {
    title: '7. Batasan tanggung jawab',
    paragraphs: [
      'Kami berupaya menjaga layanan tetap berjalan, namun tidak bertanggung jawab atas kebijakan atau tindakan YouTube, Google, maupun penyedia pihak ketiga, termasuk penangguhan channel atau perubahan pendapatan. Angka penghasilan yang ditampilkan di situs adalah contoh dan bukan jaminan.',
      'Ganti rugi maksimal yang dapat kami berikan dalam keadaan apa pun setara dengan biaya langganan satu bulan.',
    ],
  },
  {
    title: '8. Penghentian layanan',
    items: [
      'Anda dapat menghentikan langganan kapan saja dengan tidak memperpanjangnya.',
      'Kami dapat menghentikan layanan bila terjadi pelanggaran: peringatan tertulis untuk pelanggaran ringan, penangguhan sementara selama investigasi, dan pemblokiran permanen untuk pelanggaran berat.',
    ],
  },
  {
    title: '9. Kontak',
    paragraphs: [
      'Pertanyaan tentang Syarat Penggunaan ini dapat dikirim ke {support_email} atau melalui WhatsApp. Support tersedia 24/7 dengan waktu respons 1-4 jam.',
    ],
  },
];
