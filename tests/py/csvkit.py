"""What the CSV tests share: a basic file and its check."""


BASIC = "x1,x2,label\n1,2,0\n3.5,-4,1\n0,1e-3,1\n"
