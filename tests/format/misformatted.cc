// Deliberately not in the house style: format.check_finds_misformatted runs
// tools/check_format.sh on this file and expects it named. Not compiled, and
// outside the production folders the tree-wide check reads.
int  Misformatted( int a,int b ){ if(a>b){return a;} return b; }
