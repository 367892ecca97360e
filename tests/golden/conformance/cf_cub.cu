// Conformance: CUB's warp and block collectives as real code calls them
// (the headers ship with the toolkit): WarpReduce, WarpScan, BlockReduce in
// its algorithms, BlockScan, BlockLoad/BlockStore with a warp transpose and
// BlockRadixSort. Integer (or exactly representable) data, so every result is
// exact whatever the order of the additions.
#include <cub/cub.cuh>

// case: cub::WarpReduce Sum, one TempStorage per warp
// kernel: cubWarpSum
// launch: grid 2 block 128
// buffer: in s32 256 = iota
// buffer: out s32 8 = 0
// params: in out
// expect: out[0..7] = iota*1024+496
// expect: no hazards
__global__ void cubWarpSum(const int* in, int* out)
{
    typedef cub::WarpReduce<int> WarpReduce;
    __shared__ typename WarpReduce::TempStorage temp[4];
    int warp = threadIdx.x / 32;
    int agg = WarpReduce(temp[warp]).Sum(in[blockIdx.x * blockDim.x + threadIdx.x]);
    if (threadIdx.x % 32 == 0) out[blockIdx.x * 4 + warp] = agg;
}

// case: cub::WarpReduce over logical warps of 16 with a max operator
// kernel: cubWarpMax16
// launch: grid 1 block 64
// buffer: in s32 64 = rand 7 -500 500
// buffer: out s32 4 = 0
// params: in out
// expect: out[0..3] = 445 393 416 481
// expect: no hazards
__global__ void cubWarpMax16(const int* in, int* out)
{
    typedef cub::WarpReduce<int, 16> WarpReduce16;
    __shared__ typename WarpReduce16::TempStorage temp[4];
    int group = threadIdx.x / 16;
    int m = WarpReduce16(temp[group]).Reduce(in[threadIdx.x], cuda::maximum<int>{});
    if (threadIdx.x % 16 == 0) out[group] = m;
}

// case: cub::BlockReduce Sum (the default warp-reductions algorithm)
// kernel: cubBlockSum
// launch: grid 2 block 256
// buffer: in s32 512 = rand 11 0 1000
// buffer: out s32 2 = 0
// params: in out
// expect: out[0..1] = 141161 129232
// expect: no hazards
__global__ void cubBlockSum(const int* in, int* out)
{
    typedef cub::BlockReduce<int, 256> BlockReduce;
    __shared__ typename BlockReduce::TempStorage temp;
    int agg = BlockReduce(temp).Sum(in[blockIdx.x * 256 + threadIdx.x]);
    if (threadIdx.x == 0) out[blockIdx.x] = agg;
}

// case: cub::BlockReduce with BLOCK_REDUCE_RAKING on floats
// kernel: cubBlockSumRaking
// launch: grid 3 block 128
// buffer: in f32 384 = iota
// buffer: out f32 3 = 0
// params: in out
// expect: out[0..2] = iota*16384+8128
// expect: no hazards
__global__ void cubBlockSumRaking(const float* in, float* out)
{
    typedef cub::BlockReduce<float, 128, cub::BLOCK_REDUCE_RAKING> BlockReduce;
    __shared__ typename BlockReduce::TempStorage temp;
    float agg = BlockReduce(temp).Sum(in[blockIdx.x * 128 + threadIdx.x]);
    if (threadIdx.x == 0) out[blockIdx.x] = agg;
}

// case: cub::BlockReduce Sum of a partial tile (num_valid < block size)
// kernel: cubBlockSumPartial
// launch: grid 1 block 128
// buffer: in s32 100 = iota
// buffer: out s32 1 = 0
// params: in out 100
// expect: out[0] = 4950
// expect: no hazards
__global__ void cubBlockSumPartial(const int* in, int* out, int n)
{
    typedef cub::BlockReduce<int, 128> BlockReduce;
    __shared__ typename BlockReduce::TempStorage temp;
    int v = threadIdx.x < n ? in[threadIdx.x] : 0;
    int agg = BlockReduce(temp).Sum(v, n);
    if (threadIdx.x == 0) out[0] = agg;
}

// case: cub::BlockScan ExclusiveSum with the block aggregate
// kernel: cubBlockExclusive
// launch: grid 1 block 128
// buffer: in s32 128 = rand 3 0 10
// buffer: out s32 128 = 0
// buffer: total s32 1 = 0
// params: in out total
// expect: out[0..63] = 0 8 17 25 30 31 39 46 50 54 57 65 71 72 76 81 84 92 101 109 110 113 120 129 135 138 146 154 162 166 171 173 178 186 194 196 196 200 209 210 219 227 230 230 237 238 242 245 247 251 257 260 266 270 274 279 283 290 296 296 300 307 312 315
// expect: out[64..127] = 318 326 333 342 345 353 361 363 370 378 384 387 388 395 400 407 415 415 422 425 429 431 440 440 441 444 453 462 469 476 476 479 482 490 493 499 508 511 520 524 524 530 536 539 540 542 545 549 550 550 555 561 564 565 569 569 572 579 587 591 599 607 610 614
// expect: total[0] = 623
// expect: no hazards
__global__ void cubBlockExclusive(const int* in, int* out, int* total)
{
    typedef cub::BlockScan<int, 128> BlockScan;
    __shared__ typename BlockScan::TempStorage temp;
    int x, agg;
    BlockScan(temp).ExclusiveSum(in[threadIdx.x], x, agg);
    out[threadIdx.x] = x;
    if (threadIdx.x == 0) total[0] = agg;
}

// case: cub::BlockScan InclusiveSum over 4 items a thread (blocked)
// kernel: cubBlockInclusiveItems
// launch: grid 1 block 64
// buffer: in s32 256 = rand 5 -20 20
// buffer: out s32 256 = 0
// params: in out
// expect: out[0..63] = -13 -16 -12 -16 -6 9 26 17 22 3 18 26 13 25 23 20 6 23 24 4 13 -7 -19 -13 -18 -17 -18 -12 -17 -4 1 0 10 3 16 14 9 3 -10 -12 -7 -2 -2 -13 -29 -40 -31 -42 -62 -56 -68 -82 -67 -79 -75 -68 -51 -54 -58 -72 -80 -82 -81 -94
// expect: out[64..127] = -81 -78 -98 -96 -78 -67 -55 -71 -84 -93 -82 -95 -108 -110 -102 -114 -110 -99 -88 -95 -80 -83 -69 -67 -63 -67 -79 -78 -75 -81 -93 -74 -80 -72 -72 -57 -66 -55 -59 -56 -43 -33 -29 -26 -7 -6 -11 8 -8 4 23 21 14 29 40 44 55 62 45 37 48 37 27 41
// expect: out[128..191] = 21 11 -2 4 -8 -19 -7 3 -17 -4 -15 4 -2 10 18 13 28 19 23 27 27 12 31 46 40 47 31 37 32 19 31 48 37 54 58 53 63 63 51 46 39 42 39 51 62 48 63 62 73 60 73 63 66 61 42 35 52 39 41 52 36 53 68 85
// expect: out[192..255] = 86 102 96 79 78 85 80 68 81 84 95 98 97 88 87 72 65 83 78 79 92 99 111 95 84 89 74 58 38 25 24 15 28 11 0 2 8 21 4 -2 -16 -30 -16 -31 -22 -5 8 25 9 28 46 46 59 47 52 65 53 46 32 30 47 59 40 36
// expect: no hazards
__global__ void cubBlockInclusiveItems(const int* in, int* out)
{
    typedef cub::BlockScan<int, 64> BlockScan;
    __shared__ typename BlockScan::TempStorage temp;
    int items[4];
#pragma unroll
    for (int k = 0; k < 4; k++) items[k] = in[threadIdx.x * 4 + k];
    BlockScan(temp).InclusiveSum(items, items);
#pragma unroll
    for (int k = 0; k < 4; k++) out[threadIdx.x * 4 + k] = items[k];
}

// case: cub::WarpScan inclusive and exclusive sums
// kernel: cubWarpScans
// launch: grid 1 block 64
// buffer: in s32 64 = rand 9 0 100
// buffer: inc s32 64 = 0
// buffer: exc s32 64 = 0
// params: in inc exc
// expect: inc[0..63] = 83 127 135 155 247 339 363 453 547 578 669 751 766 825 862 933 1007 1092 1174 1237 1293 1348 1435 1493 1540 1631 1717 1733 1761 1809 1844 1888 53 92 92 116 142 162 184 245 278 297 345 368 464 550 596 611 621 688 775 784 860 939 1013 1039 1057 1152 1154 1216 1249 1277 1279 1369
// expect: exc[0..63] = 0 83 127 135 155 247 339 363 453 547 578 669 751 766 825 862 933 1007 1092 1174 1237 1293 1348 1435 1493 1540 1631 1717 1733 1761 1809 1844 0 53 92 92 116 142 162 184 245 278 297 345 368 464 550 596 611 621 688 775 784 860 939 1013 1039 1057 1152 1154 1216 1249 1277 1279
// expect: no hazards
__global__ void cubWarpScans(const int* in, int* inc, int* exc)
{
    typedef cub::WarpScan<int> WarpScan;
    __shared__ typename WarpScan::TempStorage temp[2];
    int warp = threadIdx.x / 32;
    int v = in[threadIdx.x], a, b;
    WarpScan(temp[warp]).InclusiveSum(v, a);
    __syncwarp();
    WarpScan(temp[warp]).ExclusiveSum(v, b);
    inc[threadIdx.x] = a;
    exc[threadIdx.x] = b;
}

// case: cub::BlockLoad / BlockStore with BLOCK_*_WARP_TRANSPOSE
// kernel: cubLoadStore
// launch: grid 2 block 128
// buffer: in s32 1024 = iota
// buffer: out s32 1024 = 0
// params: in out
// expect: out[0..63] = 0 3 6 9 8 11 14 17 16 19 22 25 24 27 30 33 32 35 38 41 40 43 46 49 48 51 54 57 56 59 62 65 64 67 70 73 72 75 78 81 80 83 86 89 88 91 94 97 96 99 102 105 104 107 110 113 112 115 118 121 120 123 126 129
// expect: out[64..127] = 128 131 134 137 136 139 142 145 144 147 150 153 152 155 158 161 160 163 166 169 168 171 174 177 176 179 182 185 184 187 190 193 192 195 198 201 200 203 206 209 208 211 214 217 216 219 222 225 224 227 230 233 232 235 238 241 240 243 246 249 248 251 254 257
// expect: out[128..191] = 256 259 262 265 264 267 270 273 272 275 278 281 280 283 286 289 288 291 294 297 296 299 302 305 304 307 310 313 312 315 318 321 320 323 326 329 328 331 334 337 336 339 342 345 344 347 350 353 352 355 358 361 360 363 366 369 368 371 374 377 376 379 382 385
// expect: out[192..255] = 384 387 390 393 392 395 398 401 400 403 406 409 408 411 414 417 416 419 422 425 424 427 430 433 432 435 438 441 440 443 446 449 448 451 454 457 456 459 462 465 464 467 470 473 472 475 478 481 480 483 486 489 488 491 494 497 496 499 502 505 504 507 510 513
// expect: out[768..831] = 1536 1539 1542 1545 1544 1547 1550 1553 1552 1555 1558 1561 1560 1563 1566 1569 1568 1571 1574 1577 1576 1579 1582 1585 1584 1587 1590 1593 1592 1595 1598 1601 1600 1603 1606 1609 1608 1611 1614 1617 1616 1619 1622 1625 1624 1627 1630 1633 1632 1635 1638 1641 1640 1643 1646 1649 1648 1651 1654 1657 1656 1659 1662 1665
// expect: out[832..895] = 1664 1667 1670 1673 1672 1675 1678 1681 1680 1683 1686 1689 1688 1691 1694 1697 1696 1699 1702 1705 1704 1707 1710 1713 1712 1715 1718 1721 1720 1723 1726 1729 1728 1731 1734 1737 1736 1739 1742 1745 1744 1747 1750 1753 1752 1755 1758 1761 1760 1763 1766 1769 1768 1771 1774 1777 1776 1779 1782 1785 1784 1787 1790 1793
// expect: out[896..959] = 1792 1795 1798 1801 1800 1803 1806 1809 1808 1811 1814 1817 1816 1819 1822 1825 1824 1827 1830 1833 1832 1835 1838 1841 1840 1843 1846 1849 1848 1851 1854 1857 1856 1859 1862 1865 1864 1867 1870 1873 1872 1875 1878 1881 1880 1883 1886 1889 1888 1891 1894 1897 1896 1899 1902 1905 1904 1907 1910 1913 1912 1915 1918 1921
// expect: out[960..1023] = 1920 1923 1926 1929 1928 1931 1934 1937 1936 1939 1942 1945 1944 1947 1950 1953 1952 1955 1958 1961 1960 1963 1966 1969 1968 1971 1974 1977 1976 1979 1982 1985 1984 1987 1990 1993 1992 1995 1998 2001 2000 2003 2006 2009 2008 2011 2014 2017 2016 2019 2022 2025 2024 2027 2030 2033 2032 2035 2038 2041 2040 2043 2046 2049
// expect: no hazards
__global__ void cubLoadStore(const int* in, int* out)
{
    typedef cub::BlockLoad<int, 128, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE> Load;
    typedef cub::BlockStore<int, 128, 4, cub::BLOCK_STORE_WARP_TRANSPOSE> Store;
    __shared__ union {
        typename Load::TempStorage load;
        typename Store::TempStorage store;
    } temp;
    int items[4];
    int base = blockIdx.x * 512;
    Load(temp.load).Load(in + base, items);
#pragma unroll
    for (int k = 0; k < 4; k++) items[k] = items[k] * 2 + k;
    __syncthreads();
    Store(temp.store).Store(out + base, items);
}
